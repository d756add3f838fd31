package dev.brokerbench.core.stats;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * One rate over the repeats of a cell: the <em>geometric mean</em> of the repeats and its 95 % confidence interval
 * from Student's t on their logarithms. Headline and interval come from the one estimator, so they always agree:
 * the interval is {@code exp(mean of ln ± t(0.975, n-1) x sd of ln / sqrt(n))}, multiplicative around the headline
 * (a rate that varies by ±10 % varies by the same factor at 1,000 and at 100,000 msg/s). A throughput is a ratio of
 * counts to time, skewed to the right, and compared as ratios ("x1.25"); on logarithms the repeats are nearer normal
 * and a ratio of two cells is a difference, which {@link Comparison} tests.
 *
 * <p>A repeat that measured no rate (zero: the cell failed) leaves the estimate {@linkplain #defined() undefined}:
 * there is no geometric mean of a failure, and the table says the cell failed instead.
 *
 * @param n      repeats
 * @param center geometric mean of the repeats (NaN when undefined)
 * @param low    lower end of the 95 % interval; NaN with fewer than 2 repeats or undefined
 * @param high   upper end of the 95 % interval; NaN with fewer than 2 repeats or undefined
 * @param cv     coefficient of variation of the repeats themselves (sample sd / arithmetic mean), the spread the
 *               CV targets are stated in; NaN with fewer than 2 repeats
 * @param logSd  sample standard deviation of the natural logarithms (about the CV for small spreads); NaN with fewer
 *               than 2 repeats or undefined
 */
public record Estimate(int n, double center, double low, double high, double cv, double logSd) {
    public static final double CONFIDENCE = 0.95;
    /** The estimator, as tables and charts name it. */
    public static final String NAME = "geometric mean";
    /** Its interval, as tables and charts name it. */
    public static final String INTERVAL = "95 % interval (Student's t on log rates)";

    public Estimate {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        if (n >= 2 && Double.isFinite(center) && !(low <= center && center <= high)) {
            throw new IllegalArgumentException("low <= center <= high must hold, got " + low + ", " + center + ", "
                    + high);
        }
    }

    /** The estimate of {@code values} (each a repeat's rate, none NaN). */
    public static Estimate of(List<Double> values) {
        return of(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    public static Estimate of(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("values must hold at least one repeat");
        }
        for (double v : values) {
            if (!Double.isFinite(v) || v < 0) {
                throw new IllegalArgumentException("values must be finite rates >= 0, got " + Arrays.toString(values));
            }
        }
        int n = values.length;
        double cv = cv(values);
        if (Arrays.stream(values).anyMatch(v -> v == 0)) {
            return new Estimate(n, Double.NaN, Double.NaN, Double.NaN, cv, Double.NaN);
        }
        LogMoments logs = LogMoments.of(values);
        double center = Math.exp(logs.mean());
        if (n < 2) {
            return new Estimate(1, values[0], Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double half = tQuantile(n - 1, CONFIDENCE) * logs.sd() / Math.sqrt(n);
        return new Estimate(n, center, Math.exp(logs.mean() - half), Math.exp(logs.mean() + half), cv, logs.sd());
    }

    private static double cv(double[] values) {
        if (values.length < 2) {
            return Double.NaN;
        }
        double mean = Arrays.stream(values).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / (values.length - 1));
        return mean == 0 ? Double.NaN : sd / mean;
    }

    /**
     * The two-sided quantile of Student's t with {@code df} degrees of freedom (not necessarily whole) for an
     * interval of {@code confidence} (4.30 for df = 2 at 95 %).
     */
    static double tQuantile(double df, double confidence) {
        return new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    }

    /** The one-sided quantile of Student's t: the value below which {@code probability} of it lies. */
    static double tOneSided(double df, double probability) {
        return new TDistribution(null, df).inverseCumulativeProbability(probability);
    }

    /** False when a repeat measured no rate (the cell failed in it): there is no geometric mean. */
    public boolean defined() {
        return Double.isFinite(center);
    }

    /** False for a single repeat or an undefined estimate: there is no interval. */
    public boolean hasInterval() {
        return n >= 2 && defined();
    }

    /**
     * How far the interval reaches from the headline, as a share of it: the larger of {@code high / center - 1} and
     * {@code 1 - low / center}, e.g. 0.05 for ± 5 % (the interval is multiplicative, so its upper side is the longer).
     */
    public OptionalDouble relativeHalfWidth() {
        return hasInterval() ? OptionalDouble.of(Math.max(high / center - 1, 1 - low / center)) : OptionalDouble.empty();
    }

    /** Mean and sample standard deviation of the natural logarithms of some positive values. */
    record LogMoments(int n, double mean, double sd) {
        static LogMoments of(double[] values) {
            int n = values.length;
            double mean = 0;
            for (double v : values) {
                if (!(v > 0) || !Double.isFinite(v)) {
                    throw new IllegalArgumentException("values must be positive rates, got " + v);
                }
                mean += Math.log(v);
            }
            mean /= n;
            double ss = 0;
            for (double v : values) {
                double d = Math.log(v) - mean;
                ss += d * d;
            }
            return new LogMoments(n, mean, n < 2 ? Double.NaN : Math.sqrt(ss / (n - 1)));
        }

        double variance() {
            return sd * sd;
        }
    }
}
