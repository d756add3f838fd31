package dev.brokerbench.app.power;

import dev.brokerbench.app.gate.RegressionGate;
import dev.brokerbench.app.report.RepeatedCell;
import dev.brokerbench.app.report.ReportData;
import java.util.List;
import java.util.Locale;

/**
 * One run of a power series, gated against the series' baseline: what the gate said of the slowed path (if any) and
 * of every other cell and path.
 *
 * @param plan      what the run was
 * @param refused   why the gate refused to compare it (empty when it compared)
 * @param slowed    the gate's rows of the slowed path (one per broker it runs on); empty in an A/A run
 * @param paths     the gate's rows of every other path
 * @param cells     the gate's verdicts of the other paths' cells that it compared
 * @param harness   the gate's harness verdict
 * @param passed    whether the gate passed
 * @param cvs       each cell's CV over its repeats in this run
 * @param minutes   how long the run took
 */
public record Trial(Plan plan, List<String> refused, List<RegressionGate.Row> slowed, List<RegressionGate.Row> paths,
                    List<RegressionGate.Verdict> cells, RegressionGate.Verdict harness, boolean passed,
                    List<Double> cvs, double minutes) {

    /** A path slowed by a fraction. */
    public record Slowdown(String path, double fraction) {
    }

    /**
     * What to run.
     *
     * @param name     the run's directory name
     * @param slowdown the slowed path, null in an A/A run
     */
    public record Plan(String name, Slowdown slowdown) {
        public Plan(String name, String path, double fraction) {
            this(name, path == null ? null : new Slowdown(path, fraction));
        }

        public boolean aa() {
            return slowdown == null;
        }
    }

    /** The trial of a run the gate compared. */
    public static Trial of(Plan plan, RegressionGate.Outcome outcome, ReportData data, double minutes) {
        String path = plan.aa() ? null : plan.slowdown().path();
        List<RegressionGate.Row> slowed = outcome.groups().stream().filter(g -> g.path().path().equals(path))
                .toList();
        List<RegressionGate.Row> others = outcome.groups().stream().filter(g -> !g.path().path().equals(path))
                .toList();
        List<RegressionGate.Verdict> cells = outcome.cells().stream().filter(c -> c.ratio() != null)
                .filter(c -> !c.path().path().equals(path))
                .map(RegressionGate.Row::verdict).toList();
        List<Double> cvs = RepeatedCell.of(data.results()).stream().map(c -> c.overall().cv())
                .filter(Double::isFinite).toList();
        return new Trial(plan, List.of(), slowed, others, cells,
                outcome.harness() == null ? RegressionGate.Verdict.OK : outcome.harness().verdict(), outcome.passed(),
                cvs, minutes);
    }

    /** The trial of a run the gate refused to compare. */
    public static Trial refused(Plan plan, List<String> reasons, double minutes) {
        return new Trial(plan, List.copyOf(reasons), List.of(), List.of(), List.of(), RegressionGate.Verdict.OK,
                false, List.of(), minutes);
    }

    /** Whether the gate called a slowed path's row slower (REGRESSION or SLOWER). */
    static boolean detected(RegressionGate.Row row) {
        return row.verdict() == RegressionGate.Verdict.REGRESSION || row.verdict() == RegressionGate.Verdict.SLOWER;
    }

    /** Whether a verdict on an unmodified cell or path says it differs. */
    static boolean alarm(RegressionGate.Verdict v) {
        return v == RegressionGate.Verdict.SLOWER || v == RegressionGate.Verdict.FASTER
                || v == RegressionGate.Verdict.REGRESSION;
    }

    /** One line for the console. */
    public String line() {
        if (!refused.isEmpty()) {
            return plan.name() + ": REFUSED " + String.join("; ", refused);
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%s (%.1f min): gate %s", plan.name(), minutes,
                passed ? "passed" : "FAILED"));
        slowed.forEach(r -> b.append(String.format(Locale.ROOT, "; slowed %s x%.2f (%.2f-%.2f) %s", r.name(),
                r.ratio().ratio(), r.ratio().low(), r.ratio().high(), r.verdict())));
        b.append(String.format(Locale.ROOT, "; other paths: %d of %d called different; cells: %d of %d",
                paths.stream().filter(p -> alarm(p.verdict())).count(), paths.size(),
                cells.stream().filter(Trial::alarm).count(), cells.size()));
        return b.toString();
    }
}
