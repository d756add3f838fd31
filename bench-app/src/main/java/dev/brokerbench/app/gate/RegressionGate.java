package dev.brokerbench.app.gate;

import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.app.report.TextTable;
import dev.brokerbench.core.result.BrokerPath;
import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.stats.BetweenRuns;
import dev.brokerbench.core.stats.Estimate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares a fresh run's repeats with a baseline of several runs, on a model of how figures move between runs.
 *
 * <p>On log rates, per cell: the fresh run's mean against the mean of the baseline runs' means. Its variance is that
 * of the repeats inside a run (pooled from the baseline's runs and the fresh one's) and that of a run's own shift of
 * the cell and of its path, which the baseline's runs show ({@link BetweenRuns}): the unit the gate compares is the
 * run, not the repeat. Per broker / client path (a group), the mean over its cells, each weighted by the inverse of
 * its variance (shrunk two thirds of the way to the path's mean: {@link Shift#weights}), so that the noisiest cell
 * does not set the path's interval; a path's shared run shift does not average out over its cells, its cells' own
 * shifts and noise do.
 *
 * <p>With at least {@link #GROUPS_TO_NORMALIZE} groups each is judged against the median of the others, so a shift of
 * the whole matrix (the machine that day, or the harness) cancels; the whole matrix's shift is shown on a row of its
 * own, never failed, and {@link HarnessCheck} says whether it was the harness (which fails) or the machine. With fewer,
 * each group is judged against the baseline alone, the whole matrix's run-to-run shift counted in its interval: a
 * machine that slowed cannot then be told from a path that did, and the table says so.
 *
 * <p>A group fails (REGRESSION) when its interval lies below 1 and its ratio shows a drop of at least
 * {@link #MIN_DROP}; the intervals are {@code 1 - 0.05 / groups} (Bonferroni), so the chance that any unchanged group
 * fails stays at most 5 %. A cell is shown SLOWER or FASTER where its 95 % interval excludes 1, and fails only when it
 * went missing, did not account for every message, or collapsed (every fresh repeat below {@link #COLLAPSE} of the
 * slowest baseline repeat). Every row says the smallest drop it could have shown 9 times in 10.
 *
 * <p>Runs whose conditions or parity settings differ, a fresh run with fewer than {@link #MIN_REPEATS} repeats per
 * cell, and a baseline of one run are not compared at all: {@link Refused} says why.
 */
public final class RegressionGate {
    /** The chance that no unchanged group fails, over all groups compared. */
    public static final double FAMILY_CONFIDENCE = 0.95;
    /** A group whose clear drop is smaller than this passes (shown as SLOWER). */
    public static final double MIN_DROP = 0.10;
    /** A cell whose every repeat is below this fraction of its slowest baseline repeat fails whatever its group does. */
    public static final double COLLAPSE = 0.5;
    /**
     * From this many groups on, each is judged against the median of the others, so that a shift of the whole matrix
     * cancels. With three others, one path that moved does not move their median; with two, the median is their mean
     * and half of a slowed path's drop made the others look faster (a 20 % power series on three paths, 2026-11-26:
     * 4 of 36 unmodified cells called different).
     */
    public static final int GROUPS_TO_NORMALIZE = 4;
    /** The name of the row of the whole matrix. */
    public static final String MATRIX = "whole matrix (every path: the machine or the harness)";
    /** The confidence of a single cell's interval (shown, not failed on). */
    public static final double CELL_CONFIDENCE = 0.95;
    /** Fewest repeats per cell in the fresh run and in each baseline run: fewer cannot show a cell's spread. */
    public static final int MIN_REPEATS = 3;
    /** The chance with which a row's smallest detectable drop is shown. */
    public static final double POWER = 0.9;

    private RegressionGate() {
    }

    /** What the gate concluded for one cell or group. */
    public enum Verdict {
        /** No difference shown: the interval includes 1 (or, for a group, the clear drop is under the minimum). */
        OK,
        /** Clearly slower, not failed (a cell; or a group whose drop is under {@link #MIN_DROP}). */
        SLOWER,
        /** Clearly faster. */
        FASTER,
        /** A side without a rate in every repeat: nothing to test. */
        NO_INTERVAL,
        /** In the fresh run only. */
        NEW,
        /** In the baseline, but the fresh run did not select its broker / path or its case. */
        NOT_SELECTED,
        COLLAPSED,
        MISSING,
        NOT_CLEAN,
        REGRESSION,
        /** The suite's own code ran clearly slower against the CPU than in the baseline: the harness regressed. */
        HARNESS_REGRESSION;

        boolean fails() {
            return this == REGRESSION || this == COLLAPSED || this == MISSING || this == NOT_CLEAN
                    || this == HARNESS_REGRESSION;
        }
    }

    /** The fresh run cannot be compared with the baseline; {@code reasons} says why. */
    public static final class Refused extends RuntimeException {
        private final List<String> reasons;

        Refused(List<String> reasons) {
            super("the gate does not compare these runs: " + String.join("; ", reasons));
            this.reasons = List.copyOf(reasons);
        }

        public List<String> reasons() {
            return reasons;
        }
    }

    /**
     * A ratio fresh / baseline of geometric means with its interval.
     *
     * @param ratio      fresh / baseline (1: unchanged, 0.8: 20 % slower)
     * @param low        lower end of the interval
     * @param high       upper end
     * @param confidence the interval's confidence, e.g. 0.99
     * @param detectable the smallest drop this row could have shown {@link #POWER} of the time, e.g. 0.12; of a row
     *                   that fails only from a least drop on (a path: {@link #MIN_DROP}), the smallest it could have
     *                   failed, never under that least drop
     */
    public record Ratio(double ratio, double low, double high, double confidence, double detectable) {
        /** A row whose verdict needs only its interval below 1 (a cell, the matrix). */
        static Ratio of(double logDiff, dev.brokerbench.core.stats.VarianceSum variance, double confidence) {
            return of(logDiff, variance, confidence, 0);
        }

        /**
         * A row whose verdict needs its interval below 1 and a drop of at least {@code leastDrop}: the measured log
         * ratio must fall below both {@code -t se} and {@code ln(1 - leastDrop)}, which it does {@link #POWER} of the
         * time when the true one lies the one-sided quantile's {@code se} below the lower of the two.
         */
        static Ratio of(double logDiff, dev.brokerbench.core.stats.VarianceSum variance, double confidence,
                        double leastDrop) {
            double t = variance.t(confidence);
            double se = variance.se();
            double bar = Math.max(t * se, -Math.log(1 - leastDrop));
            double drop = 1 - Math.exp(-(bar + variance.tOneSided(POWER) * se));
            return new Ratio(Math.exp(logDiff), Math.exp(logDiff - t * se), Math.exp(logDiff + t * se), confidence,
                    drop);
        }

        /** The interval lies wholly below 1: slower, beyond the noise. */
        public boolean clearlySlower() {
            return high < 1;
        }

        /** The interval lies wholly above 1: faster, beyond the noise. */
        public boolean clearlyFaster() {
            return low > 1;
        }
    }

    /**
     * One row of the table: a cell, a group or the whole matrix.
     *
     * @param name     the cell ({@code broker / client path / case}), the group ({@code broker / client path}) or
     *                 {@link #MATRIX}
     * @param path     the broker and client path of a cell or group; null for the matrix
     * @param baseline geometric mean of the baseline's repeats (NaN for groups)
     * @param fresh    geometric mean of the fresh run's repeats (NaN for groups)
     * @param ratio    fresh / baseline with its interval; null where there is none
     */
    public record Row(String name, BrokerPath path, double baseline, double fresh, Ratio ratio, Verdict verdict) {
        static Row cell(CellId id, double baseline, double fresh, Ratio ratio, Verdict verdict) {
            return new Row(id.toString(), id.brokerPath(), baseline, fresh, ratio, verdict);
        }
    }

    /**
     * Cells and groups; {@link #passed()} when nothing failed. {@code matrix}: the whole matrix's shift, shown and
     * never failed, where the groups were judged against each other; else null. {@code harness}: what the harness
     * reference says about that shift.
     */
    public record Outcome(List<Row> cells, List<Row> groups, Row matrix, HarnessCheck harness) {
        public boolean passed() {
            return cells.stream().noneMatch(r -> r.verdict().fails())
                    && groups.stream().noneMatch(r -> r.verdict().fails())
                    && (harness == null || !harness.verdict().fails());
        }

        public TextTable table() {
            TextTable t = new TextTable(List.of("broker / client path [/ case]",
                    "baseline " + Estimate.NAME + " msg/s", "fresh " + Estimate.NAME + " msg/s",
                    "fresh/baseline", "interval", "smallest drop it could show", "verdict"));
            if (matrix != null) {
                t.add(row(matrix.name(), matrix));
            }
            groups.forEach(g -> t.add(row(g.name() + (matrix != null ? " (all cases, against the other paths)"
                    : " (all cases, against the baseline alone)"), g)));
            cells.forEach(c -> t.add(row(c.name() + (c.ratio() == null ? "" : matrix != null
                    ? " (against the other paths)" : " (against the baseline alone)"), c)));
            return t;
        }

        private static List<String> row(String name, Row r) {
            Ratio e = r.ratio();
            return List.of(name, Double.isNaN(r.baseline()) ? "-" : SummaryTables.rate(r.baseline()),
                    Double.isNaN(r.fresh()) ? "-" : SummaryTables.rate(r.fresh()),
                    e == null ? "-" : String.format(Locale.ROOT, "%.2f", e.ratio()),
                    e == null || e.low() == e.high() ? "-" : String.format(Locale.ROOT, "%.2f-%.2f (%.1f %%)",
                            e.low(), e.high(), e.confidence() * 100),
                    e == null ? "-" : String.format(Locale.ROOT, "%.0f %%", e.detectable() * 100),
                    r.verdict().name());
        }

        /** What the table's columns mean, and which model judged the paths, for under it. */
        public String note() {
            String model = matrix != null ? "" : " " + groups.size() + (groups.size() == 1 ? " path was" : " paths were")
                    + " compared, fewer than the " + GROUPS_TO_NORMALIZE + " whose median of the others cancels a"
                    + " shift of the whole machine: each is judged against the baseline alone, the matrix's"
                    + " run-to-run shift counted in its interval, so a slower machine reads as slower paths.";
            return "fresh/baseline: ratio of the geometric means of the repeats (a path: its cells' ratios, each"
                    + " weighted by its precision, the inverse of its variance shrunk two thirds of the way to the"
                    + " path's mean); interval: from the repeats' spread inside a run and the baseline runs' spread"
                    + " from one run to the next (paths: Bonferroni over the paths); smallest drop it could show: "
                    + Math.round(POWER * 10) + " times in 10 at that confidence (a path's: the smallest it would"
                    + " fail, so " + Math.round(MIN_DROP * 100) + " % or more). A path fails (REGRESSION) when its"
                    + " whole interval is below 1 and it dropped by " + Math.round(MIN_DROP * 100) + " % or more."
                    + model;
        }
    }

    /**
     * Compares {@code fresh} with {@code baseline}.
     *
     * @throws Refused when the two runs' conditions or a shared cell's parity settings differ, the fresh run has too
     *                 few repeats, or the baseline too few runs
     */
    public static Outcome check(Baseline baseline, Figures fresh) {
        List<String> why = new ArrayList<>();
        if (baseline.schema() != Baseline.SCHEMA) {
            why.add("the baseline is in an older format (schema " + baseline.schema() + ", this gate reads "
                    + Baseline.SCHEMA + ": each run's repeats); make it again with bench baseline DIR DIR");
            throw new Refused(why);
        }
        if (baseline.runs() < BetweenRuns.MIN_RUNS) {
            why.add("the baseline holds " + baseline.runs() + " run; the gate needs " + BetweenRuns.MIN_RUNS
                    + " or more to know how far a figure moves from one run to the next");
        }
        why.addAll(baseline.conditions().differences(fresh.conditions()));
        int freshRepeats = fresh.cells().values().stream().mapToInt(c -> c.repeats().size()).max().orElse(0);
        if (freshRepeats < MIN_REPEATS) {
            why.add("these results have " + freshRepeats + " repeat(s) per cell; the gate needs " + MIN_REPEATS
                    + " or more (bench run --repeat " + MIN_REPEATS + "): with fewer, a cell's spread is a guess and a"
                    + " verdict on it would pass or fail by chance");
        }
        baseline.cells().forEach((id, ref) -> {
            Figures.Cell now = fresh.cells().get(id);
            if (now != null && !now.parity().equals(ref.parity())) {
                why.add("cell " + id + " ran with other settings: baseline " + ref.parity() + ", here "
                        + now.parity());
            }
        });
        if (!why.isEmpty()) {
            throw new Refused(why);
        }
        BetweenRuns model = model(baseline);
        Set<BrokerPath> ranGroups = new HashSet<>();
        Set<String> ranCases = new HashSet<>();
        fresh.cells().keySet().forEach(c -> {
            ranGroups.add(c.brokerPath());
            ranCases.add(c.workload());
        });
        List<Row> cells = new ArrayList<>();
        Map<BrokerPath, Map<CellId, Shift.CellShift>> compared = new TreeMap<>();
        TreeSet<CellId> names = new TreeSet<>(baseline.cells().keySet());
        names.addAll(fresh.cells().keySet());
        for (CellId id : names) {
            Baseline.Cell ref = baseline.cells().get(id);
            Figures.Cell now = fresh.cells().get(id);
            if (ref == null) {
                cells.add(Row.cell(id, Double.NaN, center(now.repeats()), null, Verdict.NEW));
            } else if (now == null) {
                // missing only if its broker / path and its case both ran: else the run was narrowed
                boolean selected = ranGroups.contains(id.brokerPath()) && ranCases.contains(id.workload());
                cells.add(Row.cell(id, center(ref.repeats()), Double.NaN, null,
                        selected ? Verdict.MISSING : Verdict.NOT_SELECTED));
            } else {
                Verdict early = early(ref, now);
                if (early != null) {
                    cells.add(Row.cell(id, center(ref.repeats()), center(now.repeats()), null, early));
                } else {
                    compared.computeIfAbsent(id.brokerPath(), g -> new LinkedHashMap<>())
                            .put(id, Shift.CellShift.of(id, ref, now, model));
                }
            }
        }
        Shift shift = new Shift(compared, model);
        boolean relative = compared.size() >= GROUPS_TO_NORMALIZE;
        compared.forEach((group, own) -> own.forEach((id, c) -> {
            Ratio r = Ratio.of(shift.cellDiff(c, relative), shift.cellVariance(c, relative), CELL_CONFIDENCE);
            Baseline.Cell ref = baseline.cells().get(id);
            cells.add(Row.cell(id, center(ref.repeats()), center(fresh.cells().get(id).repeats()), r,
                    r.clearlySlower() ? Verdict.SLOWER : r.clearlyFaster() ? Verdict.FASTER : Verdict.OK));
        }));
        cells.sort(java.util.Comparator.comparing(Row::name));
        double confidence = 1 - (1 - FAMILY_CONFIDENCE) / Math.max(1, compared.size());
        List<Row> groups = new ArrayList<>();
        for (BrokerPath group : compared.keySet()) {
            Ratio r = Ratio.of(shift.groupDiff(group, relative), shift.groupVariance(group, relative), confidence,
                    MIN_DROP);
            Verdict v = r.clearlySlower() ? (r.ratio() <= 1 - MIN_DROP ? Verdict.REGRESSION : Verdict.SLOWER)
                    : r.clearlyFaster() ? Verdict.FASTER : Verdict.OK;
            groups.add(new Row(group.toString(), group, Double.NaN, Double.NaN, r, v));
        }
        Row matrix = null;
        if (relative) {
            Ratio r = Ratio.of(shift.matrixDiff(), shift.matrixVariance(), confidence);
            matrix = new Row(MATRIX, null, Double.NaN, Double.NaN, r,
                    r.clearlySlower() ? Verdict.SLOWER : r.clearlyFaster() ? Verdict.FASTER : Verdict.OK);
        }
        HarnessCheck harness = HarnessCheck.of(baseline.harness(), fresh.harness(),
                matrix == null ? null : matrix.ratio(), baseline.conditions(), fresh.conditions());
        return new Outcome(cells, groups, matrix, harness);
    }

    /** The model of the baseline's runs: every cell that ran in all of them with a rate in every repeat. */
    static BetweenRuns model(Baseline baseline) {
        List<BetweenRuns.CellRuns> runs = new ArrayList<>();
        baseline.cells().forEach((id, cell) -> runs.add(new BetweenRuns.CellRuns(id.toString(), id.brokerPath().toString(),
                cell.runs().stream().map(RegressionGate::array).toList())));
        try {
            return BetweenRuns.estimate(runs);
        } catch (IllegalArgumentException e) {
            throw new Refused(List.of("the baseline: " + e.getMessage()));
        }
    }

    /** A verdict reached before any statistics: not clean, collapsed, or no rate to take a logarithm of. */
    private static Verdict early(Baseline.Cell ref, Figures.Cell now) {
        if (!now.clean()) {
            return Verdict.NOT_CLEAN;
        }
        if (!now.repeats().isEmpty() && !ref.repeats().isEmpty()
                && Collections.max(now.repeats()) < COLLAPSE * Collections.min(ref.repeats())) {
            return Verdict.COLLAPSED;
        }
        if (now.repeats().isEmpty() || !positive(now.repeats()) || !positive(ref.repeats())) {
            return Verdict.NO_INTERVAL;
        }
        return null;
    }

    private static boolean positive(List<Double> values) {
        return values.stream().allMatch(v -> v > 0 && Double.isFinite(v));
    }

    static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double center(List<Double> values) {
        return values.isEmpty() || !values.stream().allMatch(v -> v >= 0 && Double.isFinite(v)) ? Double.NaN
                : Estimate.of(values).center();
    }
}
