package dev.brokerbench.app.gate;

import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.app.report.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares fresh figures with a baseline. Fails when a broker / client path's geometric mean dropped beyond its
 * measured tolerance, when a cell collapsed below half its reference, went missing, or did not account for every
 * message. Single-cell slowdowns within noise are shown, not failed.
 */
public final class RegressionGate {
    private RegressionGate() {
    }

    /** What the gate concluded for one cell or group. */
    public enum Verdict { OK, SLOWER, FASTER, NOISY, NEW, NOT_SELECTED, COLLAPSED, MISSING, NOT_CLEAN, REGRESSION }

    /**
     * A fresh figure.
     *
     * @param msgPerSec overall rate of the reported phase
     * @param clean     every message delivered exactly once, no errors
     */
    public record Measured(double msgPerSec, boolean clean) {
    }

    /** One row of the diff table: a cell, or a group's geometric mean. */
    public record Row(String name, double baseline, double fresh, double ratio, double allowedDrop, Verdict verdict) {
        boolean fails() {
            return verdict == Verdict.REGRESSION || verdict == Verdict.COLLAPSED || verdict == Verdict.MISSING
                    || verdict == Verdict.NOT_CLEAN;
        }
    }

    /** Cells and groups; {@link #passed()} when nothing failed. */
    public record Outcome(List<Row> cells, List<Row> groups) {
        public boolean passed() {
            return cells.stream().noneMatch(Row::fails) && groups.stream().noneMatch(Row::fails);
        }

        public TextTable table() {
            TextTable t = new TextTable(List.of("broker / client path [/ case]", "baseline msg/s", "fresh msg/s",
                    "fresh/baseline", "allowed drop", "verdict"));
            for (Row g : groups) {
                t.add(row(g.name() + " (geometric mean)", g));
            }
            for (Row r : cells) {
                t.add(row(r.name(), r));
            }
            return t;
        }

        private static List<String> row(String name, Row r) {
            return List.of(name, SummaryTables.rate(r.baseline()), SummaryTables.rate(r.fresh()),
                    Double.isNaN(r.ratio()) ? "-" : String.format(Locale.ROOT, "%.2f", r.ratio()),
                    Double.isNaN(r.allowedDrop()) ? "-" : String.format(Locale.ROOT, "%.0f%%", r.allowedDrop() * 100),
                    r.verdict().name());
        }
    }

    public static Outcome check(Baseline baseline, double freshScale, Map<String, Measured> fresh) {
        if (Math.abs(baseline.scale() - freshScale) > 1e-9) {
            throw new dev.brokerbench.core.model.InvalidConfigException("the baseline was measured at scale "
                    + baseline.scale() + " but these results are at scale " + freshScale
                    + "; compare like with like or refresh the baseline (see docs/reference.md, regression gates)");
        }
        List<Row> cells = new ArrayList<>();
        Map<String, List<Double>> groupRatios = new TreeMap<>();
        // a baselined cell counts as missing only if its broker / path and its case both ran: otherwise the run
        // was narrowed (e.g. -Dbench.brokers=artemis) and the cell was not selected
        java.util.Set<String> ranGroups = new java.util.HashSet<>();
        java.util.Set<String> ranCases = new java.util.HashSet<>();
        fresh.keySet().forEach(c -> {
            ranGroups.add(Baseline.groupOf(c));
            ranCases.add(c.substring(c.lastIndexOf(" / ") + 3));
        });
        TreeSet<String> names = new TreeSet<>(baseline.cells().keySet());
        names.addAll(fresh.keySet());
        for (String cell : names) {
            Baseline.Cell ref = baseline.cells().get(cell);
            Measured now = fresh.get(cell);
            if (ref == null) {
                cells.add(new Row(cell, Double.NaN, now.msgPerSec(), Double.NaN, Double.NaN, Verdict.NEW));
                continue;
            }
            if (now == null) {
                boolean selected = ranGroups.contains(Baseline.groupOf(cell))
                        && ranCases.contains(cell.substring(cell.lastIndexOf(" / ") + 3));
                cells.add(new Row(cell, ref.referenceMsgPerSec(), Double.NaN, Double.NaN, Double.NaN,
                        selected ? Verdict.MISSING : Verdict.NOT_SELECTED));
                continue;
            }
            double ratio = ref.referenceMsgPerSec() == 0 ? Double.NaN : now.msgPerSec() / ref.referenceMsgPerSec();
            Verdict v;
            if (!now.clean()) {
                v = Verdict.NOT_CLEAN;
            } else if (ratio < Baseline.COLLAPSE) {
                v = Verdict.COLLAPSED;
            } else if (!ref.gated()) {
                v = Verdict.NOISY;
            } else {
                v = ratio < 1 ? Verdict.SLOWER : ratio > 1 ? Verdict.FASTER : Verdict.OK;
                groupRatios.computeIfAbsent(Baseline.groupOf(cell), k -> new ArrayList<>()).add(ratio);
            }
            cells.add(new Row(cell, ref.referenceMsgPerSec(), now.msgPerSec(), ratio, 1 - Baseline.COLLAPSE, v));
        }
        List<Row> groups = new ArrayList<>();
        groupRatios.forEach((group, ratios) -> {
            Baseline.Group g = baseline.groups().get(group);
            double geomean = Baseline.geometricMean(ratios);
            double tolerance = g == null ? Baseline.MIN_GROUP_TOLERANCE : g.tolerance();
            groups.add(new Row(group, Double.NaN, Double.NaN, geomean, tolerance,
                    geomean < 1 - tolerance ? Verdict.REGRESSION : geomean > 1 + tolerance ? Verdict.FASTER
                            : Verdict.OK));
        });
        return new Outcome(cells, groups);
    }
}
