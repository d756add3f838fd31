package dev.brokerbench.core.stats;

/**
 * A variance made of independent estimated parts, each with its own degrees of freedom, and the degrees of freedom of
 * the sum by Welch-Satterthwaite: {@code (sum v)^2 / sum (v^2 / df)}. A part estimated from few runs (few degrees of
 * freedom) widens the t quantile in proportion to its share of the sum.
 *
 * @param variance the sum of the parts
 * @param df       its degrees of freedom (infinite when every part was known exactly)
 */
public record VarianceSum(double variance, double df) {
    public static final VarianceSum ZERO = new VarianceSum(0, Double.POSITIVE_INFINITY);

    public VarianceSum {
        if (!(variance >= 0) || !(df > 0)) {
            throw new IllegalArgumentException("variance must be >= 0 and df > 0, got " + variance + ", " + df);
        }
    }

    /** One part: {@code variance} estimated with {@code df} degrees of freedom. */
    public static VarianceSum of(double variance, double df) {
        return new VarianceSum(Math.max(0, variance), df);
    }

    /** This and {@code other} added (independent parts). */
    public VarianceSum plus(VarianceSum other) {
        double sum = variance + other.variance;
        if (sum == 0) {
            return new VarianceSum(0, Math.min(df, other.df));
        }
        double denominator = term(variance, df) + term(other.variance, other.df);
        return new VarianceSum(sum, denominator == 0 ? Double.POSITIVE_INFINITY : sum * sum / denominator);
    }

    /** This part times a constant factor {@code k} (a variance scales by k, its degrees of freedom stay). */
    public VarianceSum times(double k) {
        return new VarianceSum(variance * k, df);
    }

    private static double term(double v, double df) {
        return Double.isInfinite(df) ? 0 : v * v / df;
    }

    /** The standard error: the square root of the variance. */
    public double se() {
        return Math.sqrt(variance);
    }

    /** The two-sided t quantile of this sum for {@code confidence} (the normal one for infinite df). */
    public double t(double confidence) {
        return Estimate.tQuantile(Math.min(df, 1e6), confidence);
    }

    /** The one-sided t quantile below which {@code probability} lies. */
    public double tOneSided(double probability) {
        return Estimate.tOneSided(Math.min(df, 1e6), probability);
    }
}
