package dev.brokerbench.app.report;

import dev.brokerbench.core.result.BrokerGc;
import dev.brokerbench.core.result.RunResult;
import java.util.List;
import java.util.Locale;

/** What each JVM broker's garbage collector did during each cell, from the GC log the suite had it write. */
public final class BrokerGcTables {
    static final String NOTE = "Each JVM broker the suite starts itself writes its GC log (-Xlog:gc* with wall-clock"
            + " time); at each cell's end the pauses that began within the cell (warm-up included) are counted."
            + " Paused = their total time / the cell's time: the share in which the broker answered nobody. Full ="
            + " whole-heap collections, the sign of a heap the young collections no longer relieve. Heap after = in"
            + " use after the last collection at or before the cell's end, of the heap's committed size. Brokers that"
            + " are not JVMs, and JVM brokers in containers, have no row. G1's cleanup pauses (a fraction of a"
            + " millisecond each) are not counted: the log reader (GCToolKit) does not classify them.";

    private BrokerGcTables() {
    }

    /** The cells that carry their broker's GC figures. */
    public static List<RunResult> of(List<RunResult> results) {
        return results.stream().filter(r -> r.brokerGc() != null).toList();
    }

    /** One row per cell: pauses, full collections, the longest, the share paused, the heap after. */
    public static TextTable gc(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "pauses", "full", "longest ms",
                "paused", "heap after / size MB", "status"));
        for (RunResult r : of(results)) {
            BrokerGc gc = r.brokerGc();
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), SummaryTables.caseLabel(r),
                    SummaryTables.count(gc.pauses()), SummaryTables.count(gc.fullCollections()),
                    String.format(Locale.ROOT, "%.0f", gc.longestPauseMillis()),
                    String.format(Locale.ROOT, "%.1f %%", gc.pausedShare() * 100),
                    gc.heapAfterMb() == null ? "-" : gc.heapAfterMb() + " / " + gc.heapSizeMb(),
                    r.status().toString()));
        }
        return t;
    }
}
