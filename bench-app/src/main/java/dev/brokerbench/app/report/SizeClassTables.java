package dev.brokerbench.app.report;

import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.SizeClasses;
import java.util.List;

/** Cells with bodies of several sizes: each phase's latency by the size class of the message it timed. */
public final class SizeClassTables {
    static final String NOTE = "Cases with bodies of several sizes (a weighted list, a range, a file of lengths, or"
            + " --sizes): the latency each phase measures (confirmation of a publish, end-to-end of consumers beside"
            + " the publishers, a call's reply) split by the size of the message it timed, so that a large"
            + " message's cost is not hidden in the median of many small ones. A class is a power-of-two range of"
            + " sizes (1,024-2,047 B), narrowed to the sizes the mix draws in it (a weighted list's one size shows"
            + " as that size); messages = those the phase timed in it (the classes add up to the phase's count).";

    private SizeClassTables() {
    }

    /** Whether any cell's phase kept its latency by size class. */
    public static boolean any(List<RunResult> results) {
        return results.stream().anyMatch(r -> r.phases().stream().anyMatch(p -> p.bySize() != null));
    }

    public static TextTable of(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "phase", "latency", "size",
                "messages", "p50 µs", "p99 µs", "max µs"));
        for (RunResult r : results) {
            for (PhaseResult p : r.phases()) {
                SizeClasses bySize = p.bySize();
                if (bySize == null) {
                    continue;
                }
                for (SizeClasses.SizeClass c : bySize.classes()) {
                    t.add(List.of(r.broker().brokerId(), r.client().clientPath(), SummaryTables.caseLabel(r),
                            p.name(), bySize.metric().description(), c.label(),
                            SummaryTables.count(c.latency().count()), SummaryTables.micros(c.latency().p50Micros()),
                            SummaryTables.micros(c.latency().p99Micros()),
                            SummaryTables.micros(c.latency().maxMicros())));
                }
            }
        }
        return t;
    }
}
