package dev.brokerbench.app.report;

import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.stats.Comparison;
import dev.brokerbench.core.stats.Estimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Per case, every broker / client path by the geometric mean of its repeats with its 95 % interval, and a ranking by
 * Welch's test on log rates against the case's fastest ({@link Comparison}), the case's error rate shared among every
 * pair of its cells; where no difference is shown, the smallest one the repeats would have shown.
 */
public final class ComparisonTable {
    /** The chance that a case names any difference that is not there. */
    public static final double FAMILY_ALPHA = Comparison.ALPHA;
    /** What the table's columns and ranking mean. */
    public static final String NOTE = Comparison.rule(FAMILY_ALPHA) + " CV: the repeats' coefficient of variation."
            + " A single repeat has no interval and ranks nothing. Sync publish cases also show the geometric mean as a"
            + " multiple of the disk's sync rate measured at the run's start: below 1 the broker did not reach one"
            + " sync per message; above 1 it shares syncs between messages.";

    private ComparisonTable() {
    }

    /** Cells that are not points of a sweep, grouped by case, fastest first (failed cells last). */
    public static TextTable of(List<RepeatedCell> all, Calibration machine) {
        TextTable t = new TextTable(List.of("case", "what", "broker / client path", Estimate.NAME, "95 % interval",
                "CV", "repeats", "x disk syncs/s", "ranking", "status"));
        byCase(all).forEach((name, ranked) -> {
            for (int i = 0; i < ranked.size(); i++) {
                RepeatedCell c = ranked.get(i);
                Estimate e = c.overall();
                t.add(List.of(name, c.first().workload().title(), c.series().toString(),
                        e.defined() ? SummaryTables.rate(e.center()) : "-",
                        interval(e), e.n() > 1 && Double.isFinite(e.cv()) ? String.format(Locale.ROOT, "%.1f %%",
                                100 * e.cv()) : "-",
                        c.repeats().stream().map(r -> SummaryTables.rate(RepeatedCell.rate(r)))
                                .collect(Collectors.joining(" / ")),
                        ofSyncCeiling(c, machine), ranking(ranked, i), c.status().toString()));
            }
        });
        return t;
    }

    /** The cells that are not sweep points, by case name (sorted), each case fastest first, undefined ones last. */
    public static Map<String, List<RepeatedCell>> byCase(List<RepeatedCell> all) {
        Map<String, List<RepeatedCell>> byCase = new LinkedHashMap<>();
        all.stream().filter(c -> c.first().workload().point() == null)
                .sorted(Comparator.comparing(c -> c.first().workload().name()))
                .forEach(c -> byCase.computeIfAbsent(c.first().workload().name(), k -> new ArrayList<>()).add(c));
        Map<String, List<RepeatedCell>> ranked = new LinkedHashMap<>();
        byCase.forEach((name, cells) -> ranked.put(name, cells.stream().sorted(FASTEST_FIRST).toList()));
        return ranked;
    }

    /** Defined estimates by falling geometric mean, then the undefined (a failed repeat) in their own order. */
    static final Comparator<RepeatedCell> FASTEST_FIRST = Comparator
            .comparing((RepeatedCell c) -> !c.overall().defined())
            .thenComparing(Comparator.comparingDouble((RepeatedCell c) -> c.overall().defined()
                    ? c.overall().center() : 0).reversed());

    /** A sync publish's geometric mean over the disk's sync rate, e.g. {@code 0.42}; "-" for other cases. */
    static String ofSyncCeiling(RepeatedCell c, Calibration machine) {
        var phase = c.first().reportedPhase();
        if (machine == null || !(machine.fsyncPerSecond() > 0) || phase == null || phase.mode() != PublishMode.SYNC
                || !c.first().workload().persistent() || !c.overall().defined()) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2f", c.overall().center() / machine.fsyncPerSecond());
    }

    /** e.g. {@code 11,900 – 12,800}; "-" without an interval. */
    public static String interval(Estimate e) {
        return e.hasInterval() ? SummaryTables.rate(e.low()) + " – " + SummaryTables.rate(e.high()) : "-";
    }

    /**
     * The error rate of one comparison in a case of {@code cells} cells: the case's shared among every pair of them
     * (Bonferroni over {@code cells (cells - 1) / 2}). The ranking compares each cell with the fastest, which the
     * data chose: sharing it among those {@code cells - 1} comparisons only (until 2026-11-29) named a difference
     * among equal cells in about 7 % of cases with four paths and 9 % with five; every comparison made is one of the
     * pairs, so the case's chance of naming one that is not there stays within 5 % however the fastest came first.
     */
    public static double alphaPerComparison(int cells) {
        return FAMILY_ALPHA / Math.max(1, cells * (cells - 1) / 2);
    }

    /**
     * How {@code ranked.get(i)} compares with the fastest of its case (the fastest: with the second), at the case's
     * error rate shared among every pair of its cells.
     */
    public static Comparison comparison(List<RepeatedCell> ranked, int i) {
        return ofRates(ranked.stream().map(RepeatedCell::rates).toList(), i);
    }

    /** The same from each cell's repeats' rates, the cells fastest (by geometric mean) first. */
    static Comparison ofRates(List<List<Double>> rankedRates, int i) {
        return Comparison.of(rankedRates.get(i), rankedRates.get(i == 0 ? 1 : 0),
                alphaPerComparison(rankedRates.size()));
    }

    /** The ranking of {@code ranked.get(i)} in words. */
    public static String ranking(List<RepeatedCell> ranked, int i) {
        if (ranked.size() < 2) {
            return "-";
        }
        RepeatedCell c = ranked.get(i);
        if (!c.overall().defined()) {
            return "not ranked (a repeat measured no rate)";
        }
        Comparison d = comparison(ranked, i);
        if (i == 0) {
            return d.verdict() == Comparison.Verdict.HIGHER ? "fastest; " + d.words(ranked.get(1).series().toString())
                    : d.words(ranked.get(1).series().toString());
        }
        return d.words(ranked.get(0).series().toString());
    }
}
