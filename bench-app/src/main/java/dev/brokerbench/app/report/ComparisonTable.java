package dev.brokerbench.app.report;

import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.stats.Difference;
import dev.brokerbench.core.stats.Estimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Per case, every broker / client path by the median of its repeats, with the 95 % interval, and a ranking that
 * names a faster one only where the intervals do not overlap; otherwise it says "no clear difference".
 */
public final class ComparisonTable {
    /** What the table's ranking column means. */
    public static final String NOTE = "Median of the repeats' overall rates, the 95 % confidence interval of their"
            + " mean (Student's t) and the coefficient of variation. A broker or path is called faster or slower"
            + " than the fastest only where the two intervals do not overlap; where they do, there is no clear"
            + " difference, whatever the medians say. A single repeat has no interval and ranks nothing. Sync publish"
            + " cases also show the median as a multiple of the disk's sync rate measured at the run's start: below 1"
            + " the broker did not reach one sync per message; above 1 it shares syncs between messages.";

    private ComparisonTable() {
    }

    /** Cells that are not points of a sweep, grouped by case, fastest median first. */
    public static TextTable of(List<RepeatedCell> all, Calibration machine) {
        TextTable t = new TextTable(List.of("case", "what", "broker / client path", "median", "95 % interval", "CV",
                "repeats", "x disk syncs/s", "ranking", "status"));
        Map<String, List<RepeatedCell>> byCase = new LinkedHashMap<>();
        all.stream().filter(c -> c.first().workload().point() == null)
                .sorted(Comparator.comparing(c -> c.first().workload().name()))
                .forEach(c -> byCase.computeIfAbsent(c.first().workload().name(), k -> new ArrayList<>()).add(c));
        byCase.forEach((name, cells) -> {
            List<RepeatedCell> ranked = cells.stream()
                    .sorted(Comparator.comparingDouble((RepeatedCell c) -> c.overall().median()).reversed()).toList();
            for (int i = 0; i < ranked.size(); i++) {
                RepeatedCell c = ranked.get(i);
                Estimate e = c.overall();
                t.add(List.of(name, c.first().workload().title(), c.series(), SummaryTables.rate(e.median()),
                        interval(e), e.hasInterval() ? String.format(Locale.ROOT, "%.1f %%", 100 * e.cv()) : "-",
                        c.repeats().stream().map(r -> SummaryTables.rate(RepeatedCell.rate(r)))
                                .collect(Collectors.joining(" / ")),
                        ofSyncCeiling(c, machine), ranking(ranked, i), c.status().toString()));
            }
        });
        return t;
    }

    /** A sync publish's median over the disk's sync rate, e.g. {@code 0.42}; "-" for other cases. */
    static String ofSyncCeiling(RepeatedCell c, Calibration machine) {
        var phase = c.first().reportedPhase();
        if (machine == null || !(machine.fsyncPerSecond() > 0) || phase == null || phase.mode() != PublishMode.SYNC
                || !c.first().workload().persistent()) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2f", c.overall().median() / machine.fsyncPerSecond());
    }

    /** e.g. {@code 11,900 – 12,800}; "-" without an interval. */
    public static String interval(Estimate e) {
        return e.hasInterval() ? SummaryTables.rate(e.low()) + " – " + SummaryTables.rate(e.high()) : "-";
    }

    /** The ranking of {@code ranked.get(i)} against the fastest median of its case. */
    static String ranking(List<RepeatedCell> ranked, int i) {
        if (ranked.size() < 2) {
            return "-";
        }
        RepeatedCell top = ranked.get(0);
        if (i == 0) {
            RepeatedCell second = ranked.get(1);
            Difference d = Difference.between(top.overall(), second.overall());
            return d == Difference.FIRST_HIGHER ? "fastest"
                    : d == Difference.NO_CLEAR_DIFFERENCE ? "no clear difference from " + second.series() : d.words();
        }
        RepeatedCell c = ranked.get(i);
        Difference d = Difference.between(c.overall(), top.overall());
        return switch (d) {
            case FIRST_LOWER -> String.format(Locale.ROOT, "slower than %s (x%.2f)", top.series(),
                    c.overall().median() / top.overall().median());
            case NO_CLEAR_DIFFERENCE -> "no clear difference from " + top.series();
            case FIRST_HIGHER -> "faster than " + top.series(); // a higher interval with a lower median: not seen, said
            case NO_INTERVAL -> d.words();
        };
    }
}
