package dev.brokerbench.core.metrics;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts completions (confirms or deliveries) across all clients of a phase and timestamps every
 * {@code window}-th one: the basis of the min/max rates over 1000-message windows and of the progress curve.
 */
public final class ProgressClock {
    private final AtomicLong count = new AtomicLong();
    private final int window;
    private final long expected;
    private final long[] marks;
    private volatile long startNanos;
    private volatile long lastNanos;
    private volatile long alarmAt = -1;
    private final java.util.concurrent.CountDownLatch alarm = new java.util.concurrent.CountDownLatch(1);

    public ProgressClock(long expected, int window) {
        if (window < 1) {
            throw new IllegalArgumentException("window must be >= 1, got " + window);
        }
        this.window = window;
        this.expected = expected;
        this.marks = new long[(int) Math.min(Integer.MAX_VALUE - 8, expected / window + 1)];
    }

    public void start(long nanos) {
        startNanos = nanos;
        marks[0] = nanos;
    }

    /** One completion at {@code nanos}. */
    public void tick(long nanos) {
        long n = count.incrementAndGet();
        if (n % window == 0) {
            long k = n / window;
            if (k < marks.length) {
                marks[(int) k] = nanos;
            }
        }
        if (n == expected) {
            lastNanos = nanos;
        }
        if (n == alarmAt) {
            alarm.countDown();
        }
    }

    /** A latch released when the count reaches {@code count} (set once, before the phase starts). */
    public java.util.concurrent.CountDownLatch alarmAt(long count) {
        alarmAt = count;
        return alarm;
    }

    /** Marks the end when not every expected completion happened (loss, failure). */
    public void endIfIncomplete(long nanos) {
        if (lastNanos == 0) {
            lastNanos = nanos;
        }
    }

    public long count() {
        return count.get();
    }

    public long startNanos() {
        return startNanos;
    }

    public long endNanos() {
        return lastNanos;
    }

    public int window() {
        return window;
    }

    /** Timestamps of completions 0, window, 2 window ... that happened. */
    public long[] marks() {
        int filled = (int) Math.min(marks.length, count.get() / window + 1);
        long[] copy = new long[filled];
        System.arraycopy(marks, 0, copy, 0, filled);
        return copy;
    }
}
