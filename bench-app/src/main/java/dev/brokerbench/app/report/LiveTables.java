package dev.brokerbench.app.report;

import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RunResult;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Live cells (publishers and consumers on the queue at once): both rates, the end-to-end latency from each message's
 * (intended) send to its first receipt, the publishers' confirm latency and, when paced, how late sends left.
 */
public final class LiveTables {
    static final String NOTE = "Publishers and consumers on one queue at once (consumers subscribed first; both clocks"
            + " start when the publishers do). Published = confirmations per second, received = first receipts per"
            + " second. End-to-end: from each message's send (its intended send time when the case is paced, so a"
            + " stall is charged to every message it delayed) to its first receipt, both on the suite's clock."
            + " Unpaced, the publishers run as fast as the window allows and end-to-end includes whatever backlog"
            + " that builds; paced, it is the latency at that load. Send delay: how late sends left behind the"
            + " schedule.";

    private LiveTables() {
    }

    /** Results of live cells, but for the points of latency curves ({@link CurveTables}). */
    public static List<RunResult> of(List<RunResult> results) {
        return results.stream().filter(r -> r.workload().live() && !r.workload().curvePoint()).toList();
    }

    public static TextTable live(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "what", "published msg/s",
                "received msg/s", "end-to-end p50 / p99 / p99.9 / max µs", "confirm p50 / p99 µs", "send delay p99 µs",
                "sent", "received", "dup", "lost", "status"));
        for (RunResult r : of(results)) {
            PhaseResult consumers = r.reportedPhase();
            PhaseResult publishers = publishers(r);
            Accounting a = r.accounting();
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), SummaryTables.caseLabel(r),
                    r.workload().title(), publishers == null ? "-" : SummaryTables.rate(publishers.rate().overall()),
                    SummaryTables.rate(consumers.rate().overall()),
                    micros(consumers.endToEnd(), LatencySummary::p50Micros, LatencySummary::p99Micros,
                            LatencySummary::p999Micros, LatencySummary::maxMicros),
                    publishers == null ? "-" : micros(publishers.latency(), LatencySummary::p50Micros,
                            LatencySummary::p99Micros),
                    publishers == null ? "-" : micros(publishers.sendDelay(), LatencySummary::p99Micros),
                    a == null ? "-" : SummaryTables.count(a.sent()), a == null ? "-" : SummaryTables.count(a.received()),
                    a == null ? "-" : SummaryTables.count(a.duplicates()),
                    SummaryTables.lost(r), r.status().toString()));
        }
        return t;
    }

    /** The publishers' phase of a live cell (the one not reported), or null. */
    static PhaseResult publishers(RunResult r) {
        return r.phases().stream().filter(p -> !p.reported()).findFirst().orElse(null);
    }

    /** The figures of {@code latency} joined by " / ", or "-" where it was not measured. */
    @SafeVarargs
    static String micros(LatencySummary latency, ToDoubleFunction<LatencySummary>... figures) {
        if (latency == null) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        for (ToDoubleFunction<LatencySummary> figure : figures) {
            sb.append(sb.isEmpty() ? "" : " / ").append(SummaryTables.micros(figure.applyAsDouble(latency)));
        }
        return sb.toString();
    }
}
