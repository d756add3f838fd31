package dev.brokerbench.core.stats;

import java.util.List;
import java.util.Locale;

/**
 * Whether one cell ran faster than another, by Welch's t-test on the logarithms of their repeats' rates: the ratio of
 * their geometric means with its interval, a verdict at a stated error rate, and the smallest ratio the repeats
 * could have shown, so that "no difference shown" is never read as "equal".
 *
 * <p>On logarithms the ratio of two geometric means is a difference of means, and Welch's test of it allows the two
 * cells their own spread and number of repeats (Welch-Satterthwaite degrees of freedom). The verdict is
 * {@link Verdict#HIGHER} or {@link Verdict#LOWER} when the {@code 1 - alpha} interval of the ratio excludes 1, which
 * is the same as the two-sided test rejecting "same rate" at {@code alpha}: among comparisons of cells that do not
 * differ, a share {@code alpha} is called different. A ranking that makes several comparisons divides its error rate
 * among them (Bonferroni) before asking here.
 *
 * <p>{@link #detectable()}: the ratio at which this test, with these repeats' spread and numbers, says "different"
 * {@link #POWER} of the time: {@code exp((t(1 - alpha/2) + t(power)) x standard error)} on Welch's degrees of freedom.
 *
 * @param ratio      geometric mean of the first / that of the second (NaN without a test)
 * @param low        lower end of the {@code 1 - alpha} interval of the ratio (NaN without a test)
 * @param high       upper end (NaN without a test)
 * @param detectable smallest ratio above 1 the test would have shown {@link #POWER} of the time (e.g. 1.18: a
 *                   difference of 18 %); NaN without a test, infinite when the repeats had no spread to speak of
 * @param alpha      the error rate: the chance of calling two equal cells different
 * @param verdict    what may be said
 */
public record Comparison(double ratio, double low, double high, double detectable, double alpha, Verdict verdict) {
    /** The chance with which {@link #detectable()} is shown. */
    public static final double POWER = 0.9;
    /** The error rate of a single comparison. */
    public static final double ALPHA = 0.05;
    /** A detectable ratio from which the repeats are said to show nothing at all (two noisy repeats a side). */
    public static final double BLIND = 10;
    /** Fewest repeats on each side for a test; with two, Welch's test has one or two degrees of freedom. */
    public static final int MIN_REPEATS = 2;

    /** What may be said of the first cell against the second. */
    public enum Verdict {
        /** The first is faster: the interval of the ratio lies above 1. */
        HIGHER,
        /** The first is slower: the interval lies below 1. */
        LOWER,
        /** The interval holds 1: no difference shown (one of {@link #detectable()} or more would have been). */
        NOT_SHOWN,
        /** Fewer than {@link #MIN_REPEATS} repeats on a side, or a side measured no rate: nothing can be said. */
        NO_TEST;

        /** True when a faster one may be named. */
        public boolean clear() {
            return this == HIGHER || this == LOWER;
        }
    }

    /** Compares {@code first} with {@code second} at the error rate {@link #ALPHA}. */
    public static Comparison of(List<Double> first, List<Double> second) {
        return of(first, second, ALPHA);
    }

    public static Comparison of(List<Double> first, List<Double> second, double alpha) {
        return of(first.stream().mapToDouble(Double::doubleValue).toArray(),
                second.stream().mapToDouble(Double::doubleValue).toArray(), alpha);
    }

    /**
     * @param first  the first cell's repeats (rates)
     * @param second the second cell's repeats
     * @param alpha  the error rate, in (0, 0.5)
     */
    public static Comparison of(double[] first, double[] second, double alpha) {
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5), got " + alpha);
        }
        if (first.length < MIN_REPEATS || second.length < MIN_REPEATS || !positive(first) || !positive(second)) {
            return new Comparison(Double.NaN, Double.NaN, Double.NaN, Double.NaN, alpha, Verdict.NO_TEST);
        }
        Estimate.LogMoments a = Estimate.LogMoments.of(first);
        Estimate.LogMoments b = Estimate.LogMoments.of(second);
        double va = a.variance() / a.n();
        double vb = b.variance() / b.n();
        double se = Math.sqrt(va + vb);
        double diff = a.mean() - b.mean();
        if (!(se > 0)) {
            // no spread at all on either side: any difference is certain, none too small to show
            Verdict v = diff > 0 ? Verdict.HIGHER : diff < 0 ? Verdict.LOWER : Verdict.NOT_SHOWN;
            double r = Math.exp(diff);
            return new Comparison(r, r, r, 1, alpha, v);
        }
        double df = (va + vb) * (va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        double t = Estimate.tQuantile(df, 1 - alpha);
        double half = t * se;
        double detectable = Math.exp((t + Estimate.tOneSided(df, POWER)) * se);
        Verdict verdict = diff - half > 0 ? Verdict.HIGHER : diff + half < 0 ? Verdict.LOWER : Verdict.NOT_SHOWN;
        return new Comparison(Math.exp(diff), Math.exp(diff - half), Math.exp(diff + half), detectable, alpha,
                verdict);
    }

    private static boolean positive(double[] values) {
        for (double v : values) {
            if (!(v > 0) || !Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The detectable difference, e.g. {@code 18 %}; from twice on as a factor, e.g. {@code x9.3} (two repeats of a
     * noisy cell can only show a factor of several).
     */
    public String detectablePercent() {
        if (!Double.isFinite(detectable)) {
            return "-";
        }
        if (detectable >= BLIND) {
            return "x" + (int) BLIND + " or more";
        }
        return detectable >= 2 ? String.format(Locale.ROOT, "x%.1f", detectable)
                : String.format(Locale.ROOT, "%.0f %%", (detectable - 1) * 100);
    }

    /**
     * The verdict in words for a reader, e.g. "slower than artemis (x0.62, 0.55-0.70)" or "no difference shown
     * from artemis (one of 18 % or more would have been, 9 times in 10)".
     *
     * @param other the second cell's name
     */
    public String words(String other) {
        return switch (verdict) {
            case HIGHER -> String.format(Locale.ROOT, "faster than %s (x%.2f, %.2f-%.2f)", other, ratio, low, high);
            case LOWER -> String.format(Locale.ROOT, "slower than %s (x%.2f, %.2f-%.2f)", other, ratio, low, high);
            case NOT_SHOWN -> detectable >= BLIND ? String.format(Locale.ROOT, "no difference shown from %s (these"
                    + " repeats could not show even a factor of %.0f: too few or too spread; --repeat 3 or more)", other,
                    BLIND) : String.format(Locale.ROOT, "no difference shown from %s (one of %s or more would have"
                    + " been, %.0f times in 10)", other, detectablePercent(), POWER * 10);
            case NO_TEST -> "not tested (needs " + MIN_REPEATS + " or more repeats on each side; --repeat 3 or more"
                    + " to rank)";
        };
    }

    /** How the verdict was reached, for the note under a table. */
    public static String rule(double familyAlpha) {
        return String.format(Locale.ROOT, "Headline: the %s of the repeats' overall rates, with its %s. Ranking:"
                + " Welch's t-test on the log rates of each cell against the fastest of its case; the %.0f %% error"
                + " rate is shared among every pair of a case's cells (Bonferroni: the fastest is the data's choice),"
                + " so the chance that a case names any difference that is not there is at most %.0f %%."
                + " \"No difference shown\" gives the smallest"
                + " difference the repeats would have shown %.0f times in 10. The repeats share this run's broker"
                + " processes and suite JVM: a verdict holds for them; another run may shift every cell (bench"
                + " compare tests two runs).", Estimate.NAME, Estimate.INTERVAL,
                familyAlpha * 100, familyAlpha * 100, POWER * 10);
    }
}
