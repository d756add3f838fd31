package dev.brokerbench.core.model;

import java.time.Duration;

/**
 * How the min / mean / max rates of a phase are taken: a window closes at the first completion that makes it hold at
 * least {@code completions} completions AND last at least {@code minimum}. The count alone (1000, as the published
 * tables use) would let a client library's batching decide the figures: a batch of 1000 confirmations or prefetched
 * deliveries arrives within microseconds and reads as millions of messages per second. The minimum duration makes the
 * windows describe the broker's steadiness instead.
 *
 * @param completions the least completions in a window (1000 in the published tables)
 * @param minimum     the least time a window spans
 */
public record RateWindow(int completions, Duration minimum) {
    /** The least completions in a window by default, as in the published tables. */
    public static final int DEFAULT_COMPLETIONS = 1000;
    /** The least time a window spans by default: longer than any client library's batching, shorter than a GC stall. */
    public static final int DEFAULT_MINIMUM_MILLIS = 100;
    public static final RateWindow DEFAULT = new RateWindow(DEFAULT_COMPLETIONS,
            Duration.ofMillis(DEFAULT_MINIMUM_MILLIS));

    public RateWindow {
        if (completions < 1) {
            throw new IllegalArgumentException("completions must be >= 1, got " + completions);
        }
        if (minimum == null || minimum.isNegative()) {
            throw new IllegalArgumentException("minimum must be a duration >= 0, got " + minimum);
        }
    }

    /** The same minimum duration with another count (short request/reply cells use fewer). */
    public RateWindow withCompletions(int count) {
        return new RateWindow(count, minimum);
    }
}
