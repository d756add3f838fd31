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
        double[] weights = new double[pairs.size()];
        java.util.Arrays.fill(weights, 1.0 / pairs.size());
        return weighted(pairs, weights, confidence);
    }

    /**
     * {@code group} against the {@code others}: its estimate divided by the geometric mean of theirs (each other
     * group weighing the same), with an interval from all of their repeats. A shift that moved every group alike
     * (the machine ran slower this time) cancels; what is left is what this group did differently.
     */
    public static RatioEstimate relative(List<Pair> group, List<List<Pair>> others, double confidence) {
        if (group.isEmpty() || others.isEmpty() || others.stream().anyMatch(List::isEmpty)) {
            throw new IllegalArgumentException("group and every one of the others must hold at least one cell");
        }
        List<Pair> all = new java.util.ArrayList<>(group);
        List<Double> weights = new java.util.ArrayList<>();
        group.forEach(p -> weights.add(1.0 / group.size()));
        for (List<Pair> other : others) {
            all.addAll(other);
            other.forEach(p -> weights.add(-1.0 / (others.size() * other.size())));
        }
        RatioEstimate e = weighted(all, weights.stream().mapToDouble(Double::doubleValue).toArray(), confidence);
        return new RatioEstimate(group.size(), e.ratio, e.low, e.high, confidence);
    }

    /** exp of the weighted sum of the cells' differences of mean logs, with Welch's interval. */
    private static RatioEstimate weighted(List<Pair> pairs, double[] weights, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        double mean = 0;
        double variance = 0;
        double dfDenominator = 0;
        for (int i = 0; i < pairs.size(); i++) {
            Moments b = Moments.ofLogs(pairs.get(i).baseline());
            Moments f = Moments.ofLogs(pairs.get(i).fresh());
            double w2 = weights[i] * weights[i];
            mean += weights[i] * (f.mean - b.mean);
            double vb = w2 * b.variance / b.n;
            double vf = w2 * f.variance / f.n;
            variance += vb + vf;
            dfDenominator += vb * vb / (b.n - 1) + vf * vf / (f.n - 1);
        }
        if (variance == 0) {
            return new RatioEstimate(pairs.size(), Math.exp(mean), Math.exp(mean), Math.exp(mean), confidence);
        }
        double df = variance * variance / dfDenominator;
        double half = Estimate.tQuantile(df, confidence) * Math.sqrt(variance);
        return new RatioEstimate(pairs.size(), Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half),
                confidence);
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
