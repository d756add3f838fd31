package dev.brokerbench.core.metrics;

import java.util.Arrays;

/**
 * The completion times of one phase (confirmations, first receipts, replies), kept per client: each client ticks its
 * own {@link Lane}, so clients and their libraries' callback threads never write a shared counter or cache line.
 * The lanes are merged once, at the end, into one sorted timeline from which the rates, the rate windows and the
 * progress curve are computed exactly.
 */
public final class ProgressClock {
    private final Lane[] lanes;
    private volatile long startNanos;

    /**
     * @param lanes        one per client (writer)
     * @param expectedHint completions the phase expects in all, to size the lanes (they grow if needed)
     */
    public ProgressClock(int lanes, long expectedHint) {
        if (lanes < 1) {
            throw new IllegalArgumentException("lanes must be >= 1, got " + lanes);
        }
        this.lanes = new Lane[lanes];
        int capacity = (int) Math.min(1 << 24, Math.max(16, expectedHint / lanes + 16));
        for (int i = 0; i < lanes; i++) {
            this.lanes[i] = new Lane(capacity);
        }
    }

    /** The phase's common start; completions are measured from here. */
    public void start(long nanos) {
        startNanos = nanos;
    }

    public long startNanos() {
        return startNanos;
    }

    /** The lane of client {@code index}. */
    public Lane lane(int index) {
        return lanes[index];
    }

    /** Completions so far, all lanes (for progress display and fault triggers; not on the hot path). */
    public long count() {
        long n = 0;
        for (Lane lane : lanes) {
            n += lane.count;
        }
        return n;
    }

    /** The body bytes of the completions so far, all lanes (those ticked with their size). */
    public long bytes() {
        long n = 0;
        for (Lane lane : lanes) {
            synchronized (lane) {
                n += lane.bytes;
            }
        }
        return n;
    }

    /** Every completion time of every lane, sorted (call once the phase is over). */
    public long[] timeline() {
        long total = 0;
        for (Lane lane : lanes) {
            total += lane.count;
        }
        long[] all = new long[(int) total];
        int at = 0;
        for (Lane lane : lanes) {
            synchronized (lane) {
                int n = (int) Math.min(lane.count, all.length - at);
                System.arraycopy(lane.times, 0, all, at, n);
                at += n;
            }
        }
        Arrays.sort(all, 0, at);
        return at == all.length ? all : Arrays.copyOf(all, at);
    }

    /**
     * One client's completions. Usually one thread writes it (the client, or its connection's callback thread);
     * the lock is uncontended then and only makes a second callback thread safe.
     */
    public static final class Lane {
        @SuppressWarnings("unused")
        private long p1, p2, p3, p4, p5, p6, p7; // keeps neighbouring lanes off this lane's cache line
        private long[] times;
        private volatile long count;
        /** Guarded by the lane's lock: read once the phase is over, so no volatile store on every completion. */
        private long bytes;
        @SuppressWarnings("unused")
        private long q1, q2, q3, q4, q5, q6, q7;

        private Lane(int capacity) {
            times = new long[capacity];
        }

        /** One completion at {@code nanos} ({@link System#nanoTime()}). */
        public synchronized void tick(long nanos) {
            int n = (int) count;
            if (n == times.length) {
                times = Arrays.copyOf(times, Math.max(16, n * 2));
            }
            times[n] = nanos;
            count = n + 1;
        }

        /** One completion at {@code nanos} of a message whose body was {@code bodyBytes} long. */
        public synchronized void tick(long nanos, int bodyBytes) {
            tick(nanos);
            bytes += bodyBytes;
        }

        public long count() {
            return count;
        }
    }
}
