package dev.brokerbench.core.run;

import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.TimeSeries;
import java.time.Duration;

/**
 * How a cell warms up before its measured pass: warm-up passes (the workload's phases on the cell's own queue) until
 * the reported phase has run for at least {@code minTime} and {@code minMessages} in one pass, whichever is longer,
 * and its rate is steady: within the pass (its second half within {@code steadiness} of its first) and from one pass
 * to the next (the last pass within {@code steadiness} of the one before: a rate that is flat inside each pass can
 * still climb from pass to pass while the JIT compiles, as 1,555, 1,865, 3,872 msg/s before a cell measured at 7,500
 * did), at most {@code maxPasses} passes and {@code maxTime} in all; the result says whether it was steady.
 * A drain of a stated depth ({@link #doneAtDepth}) has no length to reach: each pass drains the depth, and it is
 * done when two passes agree. The minimums do not depend on {@code --scale}. Each pass after
 * the first is sized from the one before to last {@code minTime}, capped at {@code maxMessages} and at what fits the
 * time left (a consume case must first fill what it drains, and a broker that persists each send slowly, as
 * ActiveMQ Classic at 2,000-3,000 msg/s, would otherwise spend a minute filling for a two-second drain).
 *
 * @param minTime     least time of the reported phase in the last pass
 * @param maxTime     most time of the whole warm-up (every pass, set-up phases included): no pass starts after it,
 *                    and a pass is sized to end within it
 * @param minMessages least messages per pass
 * @param maxMessages most messages per pass
 * @param maxPasses   most passes (the result says whether the rate was steady by then)
 * @param steadiness  largest relative difference of the two halves' rates that counts as steady
 * @param minTotal    least time of the whole warm-up, steady or not (zero but for a path's {@link #firstUse()})
 */
public record Warmup(Duration minTime, Duration maxTime, long minMessages, long maxMessages, int maxPasses,
                     double steadiness, Duration minTotal) {
    /** How many times {@code minTime} the whole warm-up may take. */
    static final int BUDGET_FACTOR = 4;
    public static final Warmup DEFAULT = forSeconds(3);
    /** One pass of the workload's own (scaled) warm-up count, steady or not: for tests and quick checks. */
    public static final Warmup SINGLE_PASS = new Warmup(Duration.ZERO, Duration.ZERO, 1, Long.MAX_VALUE, 1, 1.0);

    /**
     * Passes of at least 5,000 messages until the reported phase runs {@code seconds} steadily (within 10 %), at
     * most 4 passes and {@value #BUDGET_FACTOR} x {@code seconds} in all; 0 gives {@link #SINGLE_PASS}
     * ({@code --warmup-seconds}).
     */
    public static Warmup forSeconds(int seconds) {
        return seconds == 0 ? SINGLE_PASS : new Warmup(Duration.ofSeconds(seconds),
                Duration.ofSeconds((long) BUDGET_FACTOR * seconds), 5_000, 200_000, 4, 0.10);
    }

    /** No least total time. */
    public Warmup(Duration minTime, Duration maxTime, long minMessages, long maxMessages, int maxPasses,
                  double steadiness) {
        this(minTime, maxTime, minMessages, maxMessages, maxPasses, steadiness, Duration.ZERO);
    }

    public Warmup {
        if (minTime.isNegative() || maxTime.compareTo(minTime) < 0 || minMessages < 1 || maxMessages < minMessages
                || maxPasses < 1 || !(steadiness > 0) || minTotal.isNegative() || minTotal.compareTo(maxTime) > 0) {
            throw new IllegalArgumentException("warm-up: 0 <= minTime <= maxTime, 1 <= minMessages <= maxMessages,"
                    + " maxPasses >= 1, steadiness > 0, 0 <= minTotal <= maxTime; got " + this);
        }
    }

    /** How many times the budget (time and passes) the first cell of a broker and client path in a run gets. */
    static final int FIRST_USE_FACTOR = 3;

    /**
     * The warm-up of a broker and client path's first cell in a run: {@value #FIRST_USE_FACTOR} x the time and passes,
     * and at least twice the ordinary budget whether steady or not. The first cell meets the broker's and the
     * client's code cold, and a rate can be flat within a pass and from one pass to the next while far below the warm
     * rate: measured, Artemis c3's first warm-up passes ran 1,714, 8,983, 9,508 msg/s (steady by both rules), and
     * the cell measured 12,023 msg/s at 69 + 102 µs of CPU per message (client + broker) where its later repeats
     * measured 35,512-45,454 at 18-19 + 22-35 µs: both JVMs were still compiling.
     */
    public Warmup firstUse() {
        return this == SINGLE_PASS ? this : new Warmup(minTime, maxTime.multipliedBy(FIRST_USE_FACTOR), minMessages,
                maxMessages, maxPasses * FIRST_USE_FACTOR, steadiness, maxTime.multipliedBy(FIRST_USE_FACTOR - 1));
    }

    /** Whether another pass may start after {@code passes} passes and {@code elapsedSeconds}; the first always may. */
    boolean mayContinue(int passes, double elapsedSeconds) {
        return passes == 0 || passes < maxPasses && elapsedSeconds < maxTime.toMillis() / 1000.0;
    }

    /**
     * Done after this pass, {@code elapsedSeconds} into the warm-up: long enough, steady within itself and within
     * {@code steadiness} of the pass before ({@code previousRate}; NaN for the first pass, which is never done).
     */
    boolean done(PhaseResult reported, long messages, double elapsedSeconds, double previousRate) {
        return messages >= minMessages && reported.activeSeconds() >= minTime.toMillis() / 1000.0
                && elapsedSeconds >= minTotal.toMillis() / 1000.0 && steady(reported.series(), steadiness)
                && agrees(reported.rate().overall(), previousRate);
    }

    /** Done after a pass of a drain of a stated depth: the minimum total time is over and it agrees with the last. */
    boolean doneAtDepth(PhaseResult reported, double elapsedSeconds, double previousRate) {
        return elapsedSeconds >= minTotal.toMillis() / 1000.0 && agrees(reported.rate().overall(), previousRate);
    }

    /** Whether {@code rate} is within {@code steadiness} of {@code previous} (never for a first pass: NaN). */
    boolean agrees(double rate, double previous) {
        return previous > 0 && Double.isFinite(previous) && Math.abs(rate / previous - 1) <= steadiness;
    }

    /**
     * Messages for the next pass, from the rate of the last one (of {@code messages}, lasting {@code passSeconds}
     * with its set-up phases) and the {@code elapsedSeconds} of warm-up so far: enough for {@code minTime}, no more
     * than fits the time left (at the last pass's pace), never fewer than {@code minMessages}.
     */
    long nextMessages(PhaseResult reported, long messages, double passSeconds, double elapsedSeconds) {
        double rate = reported.rate().overall();
        long forTime = Double.isFinite(rate) && rate > 0
                ? (long) Math.ceil(rate * minTime.toMillis() / 1000.0 * 1.2) : messages * 2;
        long wanted = Math.min(maxMessages, Math.max(messages, forTime));
        double left = maxTime.toMillis() / 1000.0 - elapsedSeconds;
        long fits = passSeconds > 0 ? (long) (messages * left / passSeconds) : wanted;
        return Math.max(minMessages, Math.min(wanted, fits));
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
