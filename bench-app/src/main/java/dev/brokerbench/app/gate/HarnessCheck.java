package dev.brokerbench.app.gate;

import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.machine.HarnessReference;
import dev.brokerbench.core.stats.VarianceSum;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What moved when the whole matrix moved: the machine or the harness. Each run measures, before any broker starts, a
 * CPU reference (SHA-256 on one thread) and the harness reference (the suite's own runner and accounting through an
 * in-JVM queue: {@link HarnessReference}). The harness against the CPU, fresh run against the baseline's runs, says
 * whether the suite's own code got slower on the same CPU (a harness regression: it would slow every figure alike, and
 * fails the gate when the drop is clear and at least {@link RegressionGate#MIN_DROP}); the CPU's and the calibration's
 * ratios say whether the machine changed.
 *
 * @param harnessOverCpu fresh / baseline of (harness rate / CPU rate), with its interval; null without references
 * @param cpu            fresh / baseline of the CPU reference; NaN without references
 * @param harness        fresh / baseline of the harness reference; NaN without references
 * @param verdict        HARNESS_REGRESSION, or OK (including: no references to judge)
 * @param words          the reading, for the console
 */
public record HarnessCheck(RegressionGate.Ratio harnessOverCpu, double cpu, double harness,
                           RegressionGate.Verdict verdict, String words) {
    /** The interval's confidence. */
    public static final double CONFIDENCE = 0.99;
    /**
     * The least spread assumed between whole runs of the probe (sd of a run's log harness-over-CPU): eight unmodified
     * runs of the 2026-11-26 power series on one quiet 2-core machine spread by 0.18 (0.10 without the one at x0.64),
     * while the rounds inside each run spread by 0.02-0.11. Two baseline runs that happen to agree cannot show it.
     */
    public static final double RUN_SD = 0.18;

    static HarnessCheck of(List<HarnessReference> baseline, HarnessReference fresh, RegressionGate.Ratio matrix,
                           Conditions before, Conditions now) {
        if (baseline.isEmpty() || fresh == null || fresh.cpu().size() < 2 || fresh.harness().size() < 2) {
            return new HarnessCheck(null, Double.NaN, Double.NaN, RegressionGate.Verdict.OK,
                    "no harness reference in " + (fresh == null ? "these results" : "the baseline")
                            + " (runs from before it existed): the gate cannot tell a slower harness from a slower"
                            + " machine");
        }
        VarianceSum runs = betweenRuns(baseline);
        if (runs == null) {
            return new HarnessCheck(null, Double.NaN, Double.NaN, RegressionGate.Verdict.OK,
                    "a harness reference in only one of the baseline's runs: how much it moves from one run to the"
                            + " next is unknown, so the gate cannot tell a slower harness from a slower machine");
        }
        Logs cpuBefore = Logs.of(baseline.stream().flatMap(h -> h.cpu().stream()).toList());
        Logs harnessBefore = Logs.of(baseline.stream().flatMap(h -> h.harness().stream()).toList());
        Logs cpuNow = Logs.of(fresh.cpu());
        Logs harnessNow = Logs.of(fresh.harness());
        double cpu = cpuNow.mean - cpuBefore.mean;
        double harness = harnessNow.mean - harnessBefore.mean;
        // the probe's rate moves from one JVM to the next more than its rounds inside one JVM show (unmodified runs on
        // one quiet machine: 5.1 to 9.2 M msg/s with the CPU reference within 3 %), so a fresh run is judged against
        // how the baseline's runs differed (which holds the rounds' spread too), never less than RUN_SD; the rounds'
        // spread alone only where that is larger
        VarianceSum rounds = cpuBefore.variance().plus(harnessBefore.variance()).plus(cpuNow.variance())
                .plus(harnessNow.variance());
        VarianceSum variance = runs.variance() >= rounds.variance() ? runs : rounds;
        RegressionGate.Ratio ratio = RegressionGate.Ratio.of(harness - cpu, variance, CONFIDENCE,
                RegressionGate.MIN_DROP);
        boolean regressed = ratio.clearlySlower() && ratio.ratio() <= 1 - RegressionGate.MIN_DROP;
        List<String> said = new ArrayList<>();
        said.add(String.format(Locale.ROOT, "harness reference x%.2f, CPU reference x%.2f of the baseline's; the"
                + " harness against the CPU x%.2f (%.2f-%.2f, %.0f %%, from %d baseline run(s)); smallest drop it"
                + " could show %s", Math.exp(harness), Math.exp(cpu), ratio.ratio(), ratio.low(), ratio.high(),
                CONFIDENCE * 100, baseline.size(), ratio.detectable() >= 0.9 ? "none (the baseline's runs differ"
                        + " too much, or too few of them)" : String.format(Locale.ROOT, "%.0f %%",
                        ratio.detectable() * 100)));
        if (regressed) {
            said.add("the suite's own send, receive and accounting code ran slower on the same CPU: a harness"
                    + " regression, which slows every figure alike");
        } else if (matrix != null && (matrix.clearlySlower() || matrix.clearlyFaster())) {
            said.add(couldShow(ratio, matrix) ? String.format(Locale.ROOT, "the whole matrix moved (x%.2f) but the"
                    + " harness kept pace with the CPU: not the suite's code; %s", matrix.ratio(),
                    machine(before, now, Math.exp(cpu))) : String.format(Locale.ROOT, "the whole matrix moved"
                    + " (x%.2f), a move this check could not have shown in the harness: it could not tell the suite's"
                    + " code from %s", matrix.ratio(), machine(before, now, Math.exp(cpu))));
        }
        return new HarnessCheck(ratio, Math.exp(cpu), Math.exp(harness),
                regressed ? RegressionGate.Verdict.HARNESS_REGRESSION : RegressionGate.Verdict.OK,
                String.join("; ", said));
    }

    /**
     * Whether the harness check could have shown a move of the harness as large as the matrix's: its smallest drop
     * it could show is no larger (on the log scale, either way). Only then does "the harness kept pace" clear the
     * suite's code; otherwise the check could not tell (until 2026-11-29 it said "not the suite's code" of a matrix
     * that fell 36 % while it could only show drops of 55 % or more).
     */
    static boolean couldShow(RegressionGate.Ratio harness, RegressionGate.Ratio matrix) {
        double detectable = harness.detectable();
        return detectable < 1 && -Math.log(1 - detectable) <= Math.abs(Math.log(matrix.ratio()));
    }

    /**
     * The variance of a whole run's harness-over-CPU, from how the baseline's runs differ (each run's mean log
     * harness minus its mean log CPU), for the fresh run and the baseline's mean of K runs: {@code s^2 (1 + 1/K)} on
     * K - 1 degrees of freedom (it holds the rounds' spread as well), and never less than {@link #RUN_SD} measured;
     * null with fewer than two runs.
     */
    private static VarianceSum betweenRuns(List<HarnessReference> baseline) {
        double[] x = baseline.stream().filter(h -> h.cpu().size() > 0 && h.harness().size() > 0)
                .mapToDouble(h -> Logs.of(h.harness()).mean - Logs.of(h.cpu()).mean).filter(Double::isFinite)
                .toArray();
        int k = x.length;
        if (k < 2) {
            return null;
        }
        double m = java.util.Arrays.stream(x).average().orElseThrow();
        double s2 = java.util.Arrays.stream(x).map(v -> (v - m) * (v - m)).sum() / (k - 1);
        return s2 > RUN_SD * RUN_SD ? VarianceSum.of(s2 * (1 + 1.0 / k), k - 1)
                : VarianceSum.of(RUN_SD * RUN_SD * (1 + 1.0 / k), Double.POSITIVE_INFINITY);
    }

    /** Where the machine moved, from the CPU reference and the calibration. */
    private static String machine(Conditions before, Conditions now, double cpu) {
        Calibration a = before.calibration();
        Calibration b = now.calibration();
        String calibration = a == null || b == null ? "" : String.format(Locale.ROOT, ", disk syncs/s x%.2f,"
                + " loopback MB/s x%.2f", b.fsyncPerSecond() / a.fsyncPerSecond(),
                b.loopbackMBPerSec() / a.loopbackMBPerSec());
        return String.format(Locale.ROOT, "the machine or the brokers (CPU x%.2f%s)", cpu, calibration);
    }

    /** Mean and variance of the mean of some rates' logarithms. */
    private record Logs(double mean, double varianceOfMean, int n) {
        static Logs of(List<Double> values) {
            double[] l = values.stream().filter(v -> v > 0).mapToDouble(Math::log).toArray();
            double m = java.util.Arrays.stream(l).average().orElse(Double.NaN);
            double ss = java.util.Arrays.stream(l).map(v -> (v - m) * (v - m)).sum();
            return new Logs(m, l.length > 1 ? ss / (l.length - 1) / l.length : 0, l.length);
        }

        VarianceSum variance() {
            return VarianceSum.of(varianceOfMean, Math.max(1, n - 1));
        }
    }
}
