package dev.brokerbench.core.run;

import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.TimeSeries;
import java.time.Duration;

/**
 * How a cell warms up before its measured pass: warm-up passes (the workload's phases on the cell's own queue) until
 * the reported phase has run for at least {@code minTime} and {@code minMessages} in one pass, whichever is longer,
 * and its rate is steady (the second half of the pass within {@code steadiness} of the first), at most
 * {@code maxPasses} passes. The minimums do not depend on {@code --scale}. Each pass after the first is sized from
 * the one before to last {@code minTime}, capped at {@code maxMessages} (a consume case must first fill what it
 * drains, and a broker that persists each send slowly would spend minutes on it).
 *
 * @param minTime     least time of the reported phase in the last pass
 * @param minMessages least messages per pass
 * @param maxMessages most messages per pass
 * @param maxPasses   most passes (the result says whether the rate was steady by then)
 * @param steadiness  largest relative difference of the two halves' rates that counts as steady
 */
public record Warmup(Duration minTime, long minMessages, long maxMessages, int maxPasses, double steadiness) {
    public static final Warmup DEFAULT = new Warmup(Duration.ofSeconds(3), 5_000, 200_000, 4, 0.10);
    /** One pass of the workload's own (scaled) warm-up count, steady or not: for tests and quick checks. */
    public static final Warmup SINGLE_PASS = new Warmup(Duration.ZERO, 1, Long.MAX_VALUE, 1, 1.0);

    /**
     * The default policy with a minimum time of {@code seconds}; 0 gives {@link #SINGLE_PASS}
     * ({@code --warmup-seconds}).
     */
    public static Warmup forSeconds(int seconds) {
        return seconds == 0 ? SINGLE_PASS : new Warmup(Duration.ofSeconds(seconds), DEFAULT.minMessages,
                DEFAULT.maxMessages, DEFAULT.maxPasses, DEFAULT.steadiness);
    }

    public Warmup {
        if (minTime.isNegative() || minMessages < 1 || maxMessages < minMessages || maxPasses < 1
                || !(steadiness > 0)) {
            throw new IllegalArgumentException("warm-up: minTime >= 0, 1 <= minMessages <= maxMessages,"
                    + " maxPasses >= 1, steadiness > 0; got " + this);
        }
    }

    /** Done after this pass: long enough, and steady. */
    boolean done(PhaseResult reported, long messages) {
        return messages >= minMessages && reported.activeSeconds() >= minTime.toMillis() / 1000.0
                && steady(reported.series(), steadiness);
    }

    /** Messages for the next pass, from the rate of the last one. */
    long nextMessages(PhaseResult reported, long messages) {
        double rate = reported.rate().overall();
        long forTime = Double.isFinite(rate) && rate > 0
                ? (long) Math.ceil(rate * minTime.toMillis() / 1000.0 * 1.2) : messages * 2;
        return Math.min(maxMessages, Math.max(minMessages, Math.max(messages, forTime)));
    }

    /** Whether the rate of the second half of the curve is within {@code tolerance} of the first half's. */
    static boolean steady(TimeSeries series, double tolerance) {
        double[] s = series == null ? new double[0] : series.seconds();
        if (s.length < 5) {
            return false; // too few points to tell
        }
        int last = s.length - 1;
        int mid = last / 2;
        double first = mid / (s[mid] - s[0]);
        double second = (last - mid) / (s[last] - s[mid]);
        if (!Double.isFinite(first) || !Double.isFinite(second) || first <= 0) {
            return false;
        }
        return Math.abs(second / first - 1) <= tolerance;
    }
}
