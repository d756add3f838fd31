package dev.brokerbench.app.report;

import dev.brokerbench.core.result.DestinationSpread;
import dev.brokerbench.core.result.RunResult;
import java.util.List;
import java.util.Locale;

/** Cells on many queues: each queue's share and the spread between the queues. */
public final class DestinationTables {
    static final String NOTE = " Many queues: the publishers spread their messages over the queues (each message's"
            + " queue follows from its publisher and sequence number) and each queue has consumers of its own, who"
            + " check every message arrived on the queue it was sent to (misrouted counts those that did not). Per"
            + " queue: first receipts, the least / median / most over the queues; last receipt = seconds from the"
            + " phase's start to the queue's last first receipt, its least / median / most (a wide spread means"
            + " some queues were served later than others); queues with loss or duplicates name how many of the"
            + " queues the cell's losses and duplicates were on.";

    private DestinationTables() {
    }

    /** Cells whose reported phase was on many queues. */
    public static List<RunResult> of(List<RunResult> results) {
        return results.stream().filter(r -> r.workload().destinations() != null).toList();
    }

    public static TextTable spread(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "queues", "publishers",
                "received msg/s", "per queue received min / median / max", "last receipt s min / median / max",
                "queues with loss", "queues with dup", "misrouted", "status"));
        for (RunResult r : of(results)) {
            DestinationSpread d = r.reportedPhase().destinations();
            if (d == null) {
                continue; // the cell failed before its consumers ran
            }
            DestinationSpread.Spread received = d.received();
            DestinationSpread.Spread last = d.lastReceipt();
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), SummaryTables.caseLabel(r),
                    r.workload().destinations().label(), String.valueOf(r.workload().clients()),
                    SummaryTables.rate(r.reportedPhase().rate().overall()),
                    String.format(Locale.ROOT, "%,.0f / %,.0f / %,.0f", received.min(), received.median(),
                            received.max()),
                    Double.isNaN(last.min()) ? "-" : String.format(Locale.ROOT, "%.2f / %.2f / %.2f", last.min(),
                            last.median(), last.max()),
                    String.valueOf(d.queuesWithLoss()), String.valueOf(d.queuesWithDuplicates()),
                    SummaryTables.count(d.misrouted()), r.status().toString()));
        }
        return t;
    }
}
