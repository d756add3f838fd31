package dev.brokerbench.core.run;

import java.util.concurrent.locks.LockSupport;

/**
 * The intended send times of one client at a fixed rate. Latency is measured from the intended time, so a stalled
 * broker is charged for every message that should have gone out meanwhile (no coordinated omission).
 */
final class RatePacer {
    private final long periodNanos;
    private long next;

    /** @param ratePerSecond messages per second for this client; 0 = unpaced */
    RatePacer(double ratePerSecond, long startNanos) {
        this.periodNanos = ratePerSecond > 0 ? Math.max(1, Math.round(1e9 / ratePerSecond)) : 0;
        this.next = startNanos;
    }

    boolean paced() {
        return periodNanos > 0;
    }

    /** Waits until the next intended send time and returns it (unpaced: returns now). */
    long awaitNext() {
        if (periodNanos == 0) {
            return System.nanoTime();
        }
        long intended = next;
        next += periodNanos;
        long wait;
        while ((wait = intended - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
        }
        return intended;
    }
}
