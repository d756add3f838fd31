package dev.brokerbench.core.stats;

import java.util.List;

/**
 * How much faster or slower a set of cells ran in a fresh run than in a baseline, with a confidence interval: the
 * geometric mean over the cells of (fresh mean / baseline mean), computed on the logarithms of the repeats, whose
 * interval comes from Welch's t with Welch-Satterthwaite degrees of freedom (baseline and fresh repeats may differ in
 * number and in spread). One cell is the ordinary two-sample comparison of that cell; several cells average their
 * noise, which is why a group of cells can show a 20 % change that no single noisy cell can.
 *
 * @param cells      cells compared (each with at least two repeats on both sides)
 * @param ratio      geometric mean of fresh / baseline over the cells (1: unchanged, 0.8: 20 % slower)
 * @param low        lower end of the interval of the ratio
 * @param high       upper end of the interval of the ratio
 * @param confidence the interval's confidence, e.g. 0.99
 */
public record RatioEstimate(int cells, double ratio, double low, double high, double confidence) {

    /**
     * Repeats of one cell on both sides (each a repeat's rate, all positive).
     *
     * @param baseline the baseline's repeats, at least two
     * @param fresh    the fresh run's repeats, at least two
     */
    public record Pair(double[] baseline, double[] fresh) {
        public Pair {
            check("baseline", baseline);
            check("fresh", fresh);
        }

        private static void check(String name, double[] values) {
            if (values == null || values.length < 2) {
                throw new IllegalArgumentException(name + " must hold at least 2 repeats to have a spread, got "
                        + (values == null ? "none" : values.length));
            }
            for (double v : values) {
                if (!(v > 0) || !Double.isFinite(v)) {
                    throw new IllegalArgumentException(name + " repeats must be positive rates, got " + v);
                }
            }
        }
    }

    /** The estimate over {@code pairs} at {@code confidence} (two-sided). */
    public static RatioEstimate of(List<Pair> pairs, double confidence) {
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException("pairs must hold at least one cell");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        int k = pairs.size();
        double difference = 0;
        double variance = 0;
        double dfDenominator = 0;
        for (Pair p : pairs) {
            Moments b = Moments.ofLogs(p.baseline());
            Moments f = Moments.ofLogs(p.fresh());
            difference += f.mean - b.mean;
            double vb = b.variance / b.n;
            double vf = f.variance / f.n;
            variance += vb + vf;
            dfDenominator += vb * vb / (b.n - 1) + vf * vf / (f.n - 1);
        }
        double mean = difference / k;
        if (variance == 0) {
            return new RatioEstimate(k, Math.exp(mean), Math.exp(mean), Math.exp(mean), confidence);
        }
        double df = variance * variance / dfDenominator;
        double half = Estimate.tQuantile(df, confidence) * Math.sqrt(variance) / k;
        return new RatioEstimate(k, Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), confidence);
    }

    /** The interval lies wholly below 1: slower, beyond the noise. */
    public boolean clearlySlower() {
        return high < 1;
    }

    /** The interval lies wholly above 1: faster, beyond the noise. */
    public boolean clearlyFaster() {
        return low > 1;
    }

    /** Mean, sample variance and count of the logarithms of some rates. */
    private record Moments(int n, double mean, double variance) {
        static Moments ofLogs(double[] values) {
            int n = values.length;
            double mean = 0;
            for (double v : values) {
                mean += Math.log(v);
            }
            mean /= n;
            double ss = 0;
            for (double v : values) {
                double d = Math.log(v) - mean;
                ss += d * d;
            }
            return new Moments(n, mean, ss / (n - 1));
        }
    }
}
