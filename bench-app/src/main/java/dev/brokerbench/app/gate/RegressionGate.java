package dev.brokerbench.app.gate;

import dev.brokerbench.app.report.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/** Compares fresh figures with a baseline, cell by cell. */
public final class RegressionGate {
    private RegressionGate() {
    }

    /** What the gate concluded for one cell. */
    public enum Verdict { OK, FASTER, REGRESSION, MISSING, NOT_CLEAN, NEW, NOISY }

    /**
     * A fresh figure.
     *
     * @param msgPerSec overall rate of the reported phase
     * @param clean     every message delivered exactly once, no errors
     */
    public record Measured(double msgPerSec, boolean clean) {
    }

    /** One row of the diff table. */
    public record Row(String cell, double baseline, double fresh, double ratio, double tolerance, Verdict verdict) {
    }

    /** All rows; {@link #passed()} when no cell regressed, went missing or lost messages. */
    public record Outcome(List<Row> rows) {
        public boolean passed() {
            return rows.stream().noneMatch(r -> r.verdict() == Verdict.REGRESSION || r.verdict() == Verdict.MISSING
                    || r.verdict() == Verdict.NOT_CLEAN);
        }

        public TextTable table() {
            TextTable t = new TextTable(List.of("broker / client path / case", "baseline msg/s", "fresh msg/s",
                    "fresh/baseline", "allowed drop", "verdict"));
            for (Row r : rows) {
                t.add(List.of(r.cell(), fmt(r.baseline()), fmt(r.fresh()),
                        Double.isNaN(r.ratio()) ? "-" : String.format(Locale.ROOT, "%.2f", r.ratio()),
                        Double.isNaN(r.tolerance()) ? "-" : String.format(Locale.ROOT, "%.0f%%", r.tolerance() * 100),
                        r.verdict().name()));
            }
            return t;
        }

        private static String fmt(double v) {
            return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%,.0f", v);
        }
    }

    public static Outcome check(Baseline baseline, double freshScale, Map<String, Measured> fresh) {
        if (Math.abs(baseline.scale() - freshScale) > 1e-9) {
            throw new dev.brokerbench.core.model.InvalidConfigException("the baseline was measured at scale "
                    + baseline.scale() + " but these results are at scale " + freshScale
                    + "; compare like with like or refresh the baseline (see README)");
        }
        List<Row> rows = new ArrayList<>();
        TreeSet<String> cells = new TreeSet<>(baseline.cells().keySet());
        cells.addAll(fresh.keySet());
        for (String cell : cells) {
            Baseline.Cell ref = baseline.cells().get(cell);
            Measured now = fresh.get(cell);
            if (ref == null) {
                rows.add(new Row(cell, Double.NaN, now.msgPerSec(), Double.NaN, Double.NaN, Verdict.NEW));
            } else if (now == null) {
                rows.add(new Row(cell, ref.meanMsgPerSec(), Double.NaN, Double.NaN, ref.tolerance(), Verdict.MISSING));
            } else {
                double ratio = ref.meanMsgPerSec() == 0 ? Double.NaN : now.msgPerSec() / ref.meanMsgPerSec();
                Verdict v;
                if (!now.clean()) {
                    v = Verdict.NOT_CLEAN;
                } else if (!ref.gated()) {
                    v = Verdict.NOISY;
                } else if (ratio < 1 - ref.tolerance()) {
                    v = Verdict.REGRESSION;
                } else if (ratio > 1 + ref.tolerance()) {
                    v = Verdict.FASTER;
                } else {
                    v = Verdict.OK;
                }
                rows.add(new Row(cell, ref.meanMsgPerSec(), now.msgPerSec(), ratio, ref.tolerance(), v));
            }
        }
        return new Outcome(rows);
    }
}
