package dev.brokerbench.app.gate;

import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.app.report.TextTable;
import dev.brokerbench.core.stats.Estimate;
import dev.brokerbench.core.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares a fresh run's repeats with a baseline's, on statistics rather than a fixed allowance.
 *
 * <p>Per broker / client path (a group), the ratio fresh / baseline is the geometric mean over its cells of the
 * ratio of their mean rates, with a confidence interval from both sides' repeats ({@link RatioEstimate}). The group
 * fails (REGRESSION) when its whole interval lies below 1 and its ratio shows a drop of at least {@link #MIN_DROP}:
 * slower beyond the noise, and by enough to matter. The intervals are Bonferroni-corrected over the groups compared,
 * so with five groups each is a 99 % interval and the chance that any unchanged group fails by noise stays at most
 * {@code 1 - }{@link #FAMILY_CONFIDENCE}.
 *
 * <p>With at least {@link #GROUPS_TO_NORMALIZE} groups, each is judged against the others
 * ({@link RatioEstimate#relative}): of two profile runs on the same 2-core machine, with the same disk and loopback
 * calibration, the second (one path slowed on purpose) ran 20-27 % slower on every unmodified path too, and an
 * unmodified path failed. A
 * shift of the whole matrix is shown on its own row (the machine, or the harness) and fails nothing; a path that
 * fell behind the others fails.
 *
 * <p>Per cell, the ratio of medians and its 95 % interval are shown (SLOWER or FASTER only where the interval
 * excludes 1); a cell fails only when it went missing, did not account for every message, or collapsed: every fresh
 * repeat below {@link #COLLAPSE} of the slowest baseline repeat.
 *
 * <p>Runs whose conditions or parity settings differ are not compared at all: {@link Refused} says why.
 */
public final class RegressionGate {
    /** The chance that no unchanged group fails, over all groups compared. */
    public static final double FAMILY_CONFIDENCE = 0.95;
    /** A group whose clear drop is smaller than this passes (shown as SLOWER). */
    public static final double MIN_DROP = 0.10;
    /** A cell whose every repeat is below this fraction of its slowest baseline repeat fails whatever its group does. */
    public static final double COLLAPSE = 0.5;
    /** From this many groups on, each is judged against the others, so that a shift of the whole matrix cancels. */
    public static final int GROUPS_TO_NORMALIZE = 3;
    /** The name of the row of the whole matrix. */
    public static final String MATRIX = "whole matrix (every path: the machine or the harness)";
    /** The confidence of a single cell's interval (shown, not failed on). */
    public static final double CELL_CONFIDENCE = 0.95;

    private RegressionGate() {
    }

    /** What the gate concluded for one cell or group. */
    public enum Verdict {
        /** No clear difference: the interval includes 1 (or, for a group, the clear drop is under the minimum). */
        OK,
        /** Clearly slower, not failed (a cell; or a group whose drop is under {@link #MIN_DROP}). */
        SLOWER,
        /** Clearly faster. */
        FASTER,
        /** Fewer than 2 repeats on a side: no interval. */
        NO_INTERVAL,
        /** In the fresh run only. */
        NEW,
        /** In the baseline, but the fresh run did not select its broker / path or its case. */
        NOT_SELECTED,
        COLLAPSED,
        MISSING,
        NOT_CLEAN,
        REGRESSION;

        boolean fails() {
            return this == REGRESSION || this == COLLAPSED || this == MISSING || this == NOT_CLEAN;
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
     * One row of the table: a cell, or a group.
     *
     * @param ratio fresh / baseline with its interval; null where there is none
     */
    public record Row(String name, double baseline, double fresh, RatioEstimate ratio, Verdict verdict) {
    }

    /**
     * Cells and groups; {@link #passed()} when nothing failed. {@code matrix}: the whole matrix's shift, shown and
     * never failed, where the groups were judged against each other; else null.
     */
    public record Outcome(List<Row> cells, List<Row> groups, Row matrix) {
        public boolean passed() {
            return cells.stream().noneMatch(r -> r.verdict().fails())
                    && groups.stream().noneMatch(r -> r.verdict().fails());
        }

        public TextTable table() {
            // medians for reading; the ratio and its interval come from the means of the logarithms of the repeats
            TextTable t = new TextTable(List.of("broker / client path [/ case]", "baseline median msg/s",
                    "fresh median msg/s", "fresh/baseline (means)", "interval", "verdict"));
            if (matrix != null) {
                t.add(row(matrix.name(), matrix));
            }
            groups.forEach(g -> t.add(row(g.name() + (matrix != null ? " (all cases, against the other paths)"
                    : " (all cases)"), g)));
            cells.forEach(c -> t.add(row(c.name(), c)));
            return t;
        }

        private static List<String> row(String name, Row r) {
            RatioEstimate e = r.ratio();
            return List.of(name, Double.isNaN(r.baseline()) ? "-" : SummaryTables.rate(r.baseline()),
                    Double.isNaN(r.fresh()) ? "-" : SummaryTables.rate(r.fresh()),
                    e == null ? "-" : String.format(Locale.ROOT, "%.2f", e.ratio()),
                    e == null || e.low() == e.high() ? "-" : String.format(Locale.ROOT, "%.2f-%.2f (%.1f %%)",
                            e.low(), e.high(), e.confidence() * 100),
                    r.verdict().name());
        }
    }

    /**
     * Compares {@code fresh} with {@code baseline}.
     *
     * @throws Refused when the two runs' conditions or a shared cell's parity settings differ
     */
    public static Outcome check(Baseline baseline, Figures fresh) {
        List<String> why = new ArrayList<>();
        if (baseline.schema() != Baseline.SCHEMA) {
            why.add("the baseline is in an older format (schema " + baseline.schema() + ", this gate reads "
                    + Baseline.SCHEMA + ": repeats per cell); refresh it with bench baseline");
            throw new Refused(why);
        }
        why.addAll(baseline.conditions().differences(fresh.conditions()));
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
        Set<String> ranGroups = new HashSet<>();
        Set<String> ranCases = new HashSet<>();
        fresh.cells().keySet().forEach(c -> {
            ranGroups.add(Baseline.groupOf(c));
            ranCases.add(c.substring(c.lastIndexOf(" / ") + 3));
        });
        List<Row> cells = new ArrayList<>();
        Map<String, List<RatioEstimate.Pair>> pairsByGroup = new TreeMap<>();
        TreeSet<String> names = new TreeSet<>(baseline.cells().keySet());
        names.addAll(fresh.cells().keySet());
        for (String id : names) {
            Baseline.Cell ref = baseline.cells().get(id);
            Figures.Cell now = fresh.cells().get(id);
            if (ref == null) {
                cells.add(new Row(id, Double.NaN, median(now.repeats()), null, Verdict.NEW));
            } else if (now == null) {
                // missing only if its broker / path and its case both ran: else the run was narrowed
                boolean selected = ranGroups.contains(Baseline.groupOf(id))
                        && ranCases.contains(id.substring(id.lastIndexOf(" / ") + 3));
                cells.add(new Row(id, median(ref.repeats()), Double.NaN, null,
                        selected ? Verdict.MISSING : Verdict.NOT_SELECTED));
            } else {
                cells.add(cell(id, ref, now, pairsByGroup));
            }
        }
        List<Row> groups = new ArrayList<>();
        double confidence = 1 - (1 - FAMILY_CONFIDENCE) / Math.max(1, pairsByGroup.size());
        boolean relative = pairsByGroup.size() >= GROUPS_TO_NORMALIZE;
        Row matrix = null;
        if (relative) {
            List<RatioEstimate.Pair> all = new ArrayList<>();
            pairsByGroup.values().forEach(all::addAll);
            RatioEstimate e = RatioEstimate.of(all, confidence);
            matrix = new Row(MATRIX, Double.NaN, Double.NaN, e,
                    e.clearlySlower() ? Verdict.SLOWER : e.clearlyFaster() ? Verdict.FASTER : Verdict.OK);
        }
        pairsByGroup.forEach((group, pairs) -> {
            List<List<RatioEstimate.Pair>> others = new ArrayList<>();
            pairsByGroup.forEach((other, otherPairs) -> {
                if (!other.equals(group)) {
                    others.add(otherPairs);
                }
            });
            RatioEstimate e = relative ? RatioEstimate.relative(pairs, others, confidence)
                    : RatioEstimate.of(pairs, confidence);
            Verdict v = e.clearlySlower() ? (e.ratio() <= 1 - MIN_DROP ? Verdict.REGRESSION : Verdict.SLOWER)
                    : e.clearlyFaster() ? Verdict.FASTER : Verdict.OK;
            groups.add(new Row(group, Double.NaN, Double.NaN, e, v));
        });
        return new Outcome(cells, groups, matrix);
    }

    private static Row cell(String id, Baseline.Cell ref, Figures.Cell now,
                            Map<String, List<RatioEstimate.Pair>> pairsByGroup) {
        double before = median(ref.repeats());
        double after = median(now.repeats());
        if (!now.clean()) {
            return new Row(id, before, after, null, Verdict.NOT_CLEAN);
        }
        if (!now.repeats().isEmpty() && !ref.repeats().isEmpty()
                && Collections.max(now.repeats()) < COLLAPSE * Collections.min(ref.repeats())) {
            return new Row(id, before, after, null, Verdict.COLLAPSED);
        }
        if (ref.repeats().size() < 2 || now.repeats().size() < 2 || !positive(ref.repeats())
                || !positive(now.repeats())) {
            return new Row(id, before, after, null, Verdict.NO_INTERVAL);
        }
        RatioEstimate.Pair pair = new RatioEstimate.Pair(array(ref.repeats()), array(now.repeats()));
        pairsByGroup.computeIfAbsent(Baseline.groupOf(id), k -> new ArrayList<>()).add(pair);
        RatioEstimate e = RatioEstimate.of(List.of(pair), CELL_CONFIDENCE);
        return new Row(id, before, after, e,
                e.clearlySlower() ? Verdict.SLOWER : e.clearlyFaster() ? Verdict.FASTER : Verdict.OK);
    }

    private static boolean positive(List<Double> values) {
        return values.stream().allMatch(v -> v > 0 && Double.isFinite(v));
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double median(List<Double> values) {
        return Estimate.of(values).center();
    }
}
