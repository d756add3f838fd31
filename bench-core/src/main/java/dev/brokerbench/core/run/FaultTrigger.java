package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.ProgressClock;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Kills the broker when a publish phase's confirmations reach the threshold. It watches the clock's count every
 * {@link #POLL_NANOS} from its own thread (the clients' lanes stay free of any shared counter); the count at the kill
 * is recorded, so the few confirmations of that last interval are known exactly. Once the kill has begun it is never
 * interrupted: the phase may end (its clients see the broker go) while the kill request is still on its way back,
 * e.g. from the Docker engine.
 */
final class FaultTrigger {
    static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
    private static final int WAITING = 0;
    private static final int KILLING = 1;
    private static final int CANCELLED = 2;
    private final Thread thread;
    private final AtomicLong countAtKill = new AtomicLong(-1);
    private final AtomicInteger state = new AtomicInteger(WAITING);

    private FaultTrigger(Runnable kill, ProgressClock clock, long threshold) {
        thread = new Thread(() -> {
            while (clock.count() < threshold) {
                LockSupport.parkNanos(POLL_NANOS);
                if (Thread.interrupted() || state.get() != WAITING) {
                    return; // the phase ended before the threshold: no kill
                }
            }
            if (!state.compareAndSet(WAITING, KILLING)) {
                return;
            }
            countAtKill.set(clock.count());
            kill.run();
        }, "fault-trigger");
        thread.setDaemon(true);
    }

    static FaultTrigger start(Runnable kill, ProgressClock clock, long threshold) {
        FaultTrigger trigger = new FaultTrigger(kill, clock, threshold);
        trigger.thread.start();
        return trigger;
    }

    void stop() throws InterruptedException {
        if (state.compareAndSet(WAITING, CANCELLED)) {
            thread.interrupt();
        }
        thread.join(60_000);
    }

    /** The clock's count when the kill was sent; empty when the phase ended before the threshold. */
    OptionalLong countAtKill() {
        long count = countAtKill.get();
        return count < 0 ? OptionalLong.empty() : OptionalLong.of(count);
    }
}
