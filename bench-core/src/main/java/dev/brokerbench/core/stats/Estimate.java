package dev.brokerbench.core.stats;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * One figure over the repeats of a cell: the median (the headline: one disturbed repeat moves it least) and the
 * 95 % confidence interval of the mean, from Student's t over the repeats. With the repeats roughly normal (the
 * usual model for a throughput measured again and again) mean and median coincide, so the interval is also where
 * the cell's true figure lies; three repeats give a wide interval (t = 4.30), which is what three repeats know.
 *
 * @param n      repeats
 * @param median median of the repeats
 * @param mean   mean of the repeats
 * @param low    lower end of the 95 % interval (never below 0 for values that are not); NaN with fewer than 2
 *               repeats
 * @param high   upper end of the 95 % interval; NaN with fewer than 2 repeats
 * @param cv     coefficient of variation (sample standard deviation / mean); NaN with fewer than 2 repeats
 */
public record Estimate(int n, double median, double mean, double low, double high, double cv) {
    public static final double CONFIDENCE = 0.95;

    public Estimate {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        if (n >= 2 && !(low <= high)) {
            throw new IllegalArgumentException("low must be <= high, got " + low + " > " + high);
        }
    }

    /** The estimate of {@code values} (each a repeat's figure, none NaN). */
    public static Estimate of(List<Double> values) {
        return of(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    public static Estimate of(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("values must hold at least one repeat");
        }
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("values must be finite, got " + Arrays.toString(values));
            }
        }
        int n = values.length;
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        double mean = Arrays.stream(values).average().orElseThrow();
        if (n < 2) {
            return new Estimate(1, median, mean, Double.NaN, Double.NaN, Double.NaN);
        }
        double sd = Math.sqrt(Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / (n - 1));
        double half = tQuantile(n - 1, CONFIDENCE) * sd / Math.sqrt(n);
        // a rate or a count is never negative: neither is the interval of one
        double low = sorted[0] >= 0 ? Math.max(0, mean - half) : mean - half;
        return new Estimate(n, median, mean, low, mean + half, mean == 0 ? Double.NaN : sd / mean);
    }

    /**
     * The two-sided quantile of Student's t with {@code df} degrees of freedom (not necessarily whole) for an
     * interval of {@code confidence} (4.30 for df = 2 at 95 %).
     */
    static double tQuantile(double df, double confidence) {
        return new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    }

    /** False for a single repeat: there is no interval. */
    public boolean hasInterval() {
        return n >= 2;
    }

    /** Whether the two intervals share any value (false when either has none). */
    public boolean overlaps(Estimate other) {
        return hasInterval() && other.hasInterval() && low <= other.high && other.low <= high;
    }

    /** Half the interval's width as a share of the mean, e.g. 0.05 for ± 5 %. */
    public OptionalDouble relativeHalfWidth() {
        return hasInterval() && mean != 0 ? OptionalDouble.of((high - low) / 2 / Math.abs(mean)) : OptionalDouble.empty();
    }
}
