package dev.brokerbench.core.run;

import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.RateSchedule;
import dev.brokerbench.core.model.Workload;
import java.util.concurrent.locks.LockSupport;

/**
 * The intended send times of one client: at a fixed rate, or at the rate a {@link RateSchedule} gives at each
 * instant (its share of it: the schedule's rate over the clients). Latency is measured from the intended time, so a
 * stalled broker is charged for every message that should have gone out meanwhile (no coordinated omission).
 */
final class RatePacer {
    private final double perSecond;
    private final RateSchedule schedule;
    private final int clients;
    private final long startNanos;
    private long next;

    private RatePacer(double perSecond, RateSchedule schedule, int clients, long startNanos) {
        this.perSecond = perSecond;
        this.schedule = schedule;
        this.clients = clients;
        this.startNanos = startNanos;
        this.next = startNanos;
    }

    /** @param ratePerSecond messages per second for this client; 0 = unpaced */
    RatePacer(double ratePerSecond, long startNanos) {
        this(ratePerSecond, null, 1, startNanos);
    }

    /** The pacing of one of {@code w}'s publishers from {@code startNanos}: its schedule's, its rate, or none. */
    static RatePacer of(Workload w, long startNanos) {
        RateSchedule schedule = w.shape() instanceof LiveCase l ? l.schedule() : null;
        return schedule == null ? new RatePacer(w.ratePerSecond(), startNanos)
                : new RatePacer(0, schedule, w.clients(), startNanos);
    }

    boolean paced() {
        return perSecond > 0 || schedule != null;
    }

    /** Waits until the next intended send time and returns it (unpaced: returns now). */
    long awaitNext() {
        if (!paced()) {
            return System.nanoTime();
        }
        long intended = next;
        next += periodAt(intended);
        long wait;
        while ((wait = intended - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
        }
        return intended;
    }

    /** Nanoseconds from a send at {@code intended} to this client's next. */
    private long periodAt(long intended) {
        double rate = schedule == null ? perSecond : schedule.rateAt((intended - startNanos) / 1e9) / clients;
        return Math.max(1, Math.round(1e9 / rate));
    }
}
