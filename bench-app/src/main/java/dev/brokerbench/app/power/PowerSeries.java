package dev.brokerbench.app.power;

import dev.brokerbench.app.gate.Baseline;
import dev.brokerbench.app.gate.RegressionGate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The tally of a power series: per slowdown fraction, how often the slowed path was called slower (and failed the
 * gate); over unmodified runs, how often a cell or a path was called different and how often the gate failed; with
 * Wilson 95 % intervals, since ten trials say little on their own.
 */
public final class PowerSeries {
    private final Baseline baseline;
    private final List<Trial> trials = new ArrayList<>();
    private final List<ShiftedPath> shifted = new ArrayList<>();
    private int baselineRuns;

    public PowerSeries(Baseline baseline) {
        this.baseline = baseline;
    }

    public void add(Trial trial) {
        trials.add(trial);
    }

    /** Paths of a gated run shifted by known fractions ({@link ShiftedPath}). */
    public void addShifted(List<ShiftedPath> paths) {
        shifted.addAll(paths);
    }

    public void addBaselineRuns(int runs) {
        baselineRuns = runs;
    }

    /**
     * A share with its Wilson 95 % interval.
     *
     * @param hits   trials that said yes
     * @param trials trials
     */
    public record Share(int hits, int trials, double share, double low, double high) {
        static Share of(long hits, long trials) {
            if (trials == 0) {
                return new Share(0, 0, Double.NaN, Double.NaN, Double.NaN);
            }
            double z = 1.959964;
            double p = (double) hits / trials;
            double d = 1 + z * z / trials;
            double c = (p + z * z / (2.0 * trials)) / d;
            double h = z * Math.sqrt(p * (1 - p) / trials + z * z / (4.0 * trials * trials)) / d;
            return new Share((int) hits, (int) trials, p, Math.max(0, c - h), Math.min(1, c + h));
        }

        public String text() {
            return trials == 0 ? "-" : String.format(Locale.ROOT, "%d of %d (%.0f %%, %.0f-%.0f %%)", hits, trials,
                    share * 100, low * 100, high * 100);
        }
    }

    /**
     * One slowdown fraction's figures.
     *
     * @param fraction        the slowdown
     * @param detected        slowed paths called slower (REGRESSION or SLOWER)
     * @param failed          slowed paths that failed the gate (REGRESSION)
     * @param meanRatio       the slowed paths' mean ratio fresh / baseline (the slowdown as realized, with the noise)
     * @param medianDetectable the median smallest drop the slowed paths' rows could show
     */
    public record Fraction(double fraction, Share detected, Share failed, double meanRatio, double medianDetectable) {
        String row() {
            return String.format(Locale.ROOT, "| %.0f %% | %s | %s | %.3f | %.1f %% |%n", fraction * 100,
                    detected.text(), failed.text(), meanRatio, medianDetectable * 100);
        }
    }

    /**
     * Everything, for power.json.
     *
     * @param fractions      per slowdown fraction
     * @param shifts         per fraction of a known shift applied to measured runs' unslowed paths
     * @param aaCells        unmodified runs: cells called SLOWER or FASTER
     * @param aaPaths        unmodified runs: paths called REGRESSION, SLOWER or FASTER
     * @param aaGateFailed   unmodified runs the gate failed
     * @param besideCells    runs with a slowed path: the other paths' cells called SLOWER or FASTER
     * @param medianCv       median over runs and cells of a cell's CV over its repeats
     * @param meanMinutes    mean minutes per run
     * @param refused        runs the gate refused to compare
     * @param trials         every trial
     */
    public record Summary(List<Fraction> fractions, List<Fraction> shifts, Share aaCells, Share aaPaths,
                          Share aaGateFailed, Share besideCells, double medianCv, double meanMinutes,
                          int baselineRuns, int refused, List<Trial> trials) {
    }

    public Summary summary() {
        List<Trial> compared = trials.stream().filter(t -> t.refused().isEmpty()).toList();
        Map<Double, List<Trial>> byFraction = new TreeMap<>();
        compared.stream().filter(t -> !t.plan().aa())
                .forEach(t -> byFraction.computeIfAbsent(t.plan().slowdown().fraction(), f -> new ArrayList<>()).add(t));
        List<Fraction> fractions = new ArrayList<>();
        byFraction.forEach((f, ts) -> fractions.add(fraction(f, ts.stream().flatMap(t -> t.slowed().stream())
                .toList())));
        Map<Double, List<RegressionGate.Row>> byShift = new TreeMap<>();
        shifted.forEach(p -> byShift.computeIfAbsent(p.fraction(), f -> new ArrayList<>()).add(p.row()));
        List<Fraction> shifts = new ArrayList<>();
        byShift.forEach((f, rows) -> shifts.add(fraction(f, rows)));
        List<Trial> aa = compared.stream().filter(t -> t.plan().aa()).toList();
        List<Trial> ab = compared.stream().filter(t -> !t.plan().aa()).toList();
        return new Summary(fractions, shifts, cells(aa, Trial::alarm), paths(aa),
                Share.of(aa.stream().filter(t -> !t.passed()).count(), aa.size()), cells(ab, Trial::alarm),
                median(compared.stream().flatMap(t -> t.cvs().stream()).toList()),
                compared.stream().mapToDouble(Trial::minutes).filter(Double::isFinite).average().orElse(Double.NaN),
                baselineRuns, trials.size() - compared.size(), List.copyOf(trials));
    }

    private static Fraction fraction(double f, List<RegressionGate.Row> rows) {
        return new Fraction(f, Share.of(rows.stream().filter(Trial::detected).count(), rows.size()),
                Share.of(rows.stream().filter(r -> r.verdict() == RegressionGate.Verdict.REGRESSION).count(),
                        rows.size()),
                rows.stream().mapToDouble(r -> r.ratio().ratio()).average().orElse(Double.NaN),
                median(rows.stream().map(r -> r.ratio().detectable()).toList()));
    }

    private static Share cells(List<Trial> ts, Predicate<RegressionGate.Verdict> alarm) {
        long n = ts.stream().mapToLong(t -> t.cells().size()).sum();
        long hits = ts.stream().mapToLong(t -> t.cells().stream().filter(alarm).count()).sum();
        return Share.of(hits, n);
    }

    private static Share paths(List<Trial> ts) {
        long n = ts.stream().mapToLong(t -> t.paths().size()).sum();
        long hits = ts.stream().mapToLong(t -> t.paths().stream().filter(p -> Trial.alarm(p.verdict())).count()).sum();
        return Share.of(hits, n);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().filter(Double::isFinite).sorted().toList();
        int n = sorted.size();
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The tally as a page. */
    public String markdown(List<String> runOptions) {
        Summary s = summary();
        StringBuilder b = new StringBuilder("# Power of the regression gate\n\n");
        b.append("Runs: `bench run ").append(String.join(" ", runOptions)).append("`; baseline of ")
                .append(baseline.runs()).append(" runs, ").append(baseline.cells().size()).append(" cells; ")
                .append(trials.size()).append(" runs gated against it")
                .append(s.refused() > 0 ? " (" + s.refused() + " refused)" : "").append(String.format(Locale.ROOT,
                        "; %.1f min per run on average.%n%n", s.meanMinutes()));
        b.append("| slowdown of one path | called slower (REGRESSION or SLOWER) | failed the gate (REGRESSION) |"
                + " realized ratio (mean) | smallest drop it could show (median) |\n|---|---|---|---|---|\n");
        s.fractions().forEach(f -> b.append(f.row()));
        if (!s.shifts().isEmpty()) {
            b.append("\nThe same gate on an exact shift in measured noise: every path of every gated run but the one"
                    + " it slowed, its repeats multiplied by 1 - shift, gated again (one trial per path, run and"
                    + " shift).\n\n| shift of one path | called slower (REGRESSION or SLOWER) | failed the gate"
                    + " (REGRESSION) | ratio (mean) | smallest drop it could show (median) |\n|---|---|---|---|---|\n");
            s.shifts().forEach(f -> b.append(f.row()));
        }
        b.append("\n| unmodified | called different |\n|---|---|\n");
        b.append("| cells of A/A runs (SLOWER or FASTER at 95 %) | ").append(s.aaCells().text()).append(" |\n");
        b.append("| paths of A/A runs (REGRESSION, SLOWER or FASTER) | ").append(s.aaPaths().text()).append(" |\n");
        b.append("| A/A runs the gate failed | ").append(s.aaGateFailed().text()).append(" |\n");
        b.append("| cells of other paths in A/B runs | ").append(s.besideCells().text()).append(" |\n");
        b.append(String.format(Locale.ROOT, "%nMedian CV of a cell over its repeats: %.1f %%.%n%n", s.medianCv() * 100));
        b.append("Intervals: Wilson 95 %. A path is a broker / client path; a slowed path that runs on several brokers"
                + " counts once per broker.\n\n## Runs\n\n");
        trials.forEach(t -> b.append("- ").append(t.line()).append('\n'));
        return b.toString();
    }
}
