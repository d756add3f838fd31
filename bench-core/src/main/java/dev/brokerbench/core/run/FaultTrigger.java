package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.ProgressClock;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Kills the broker when a publish phase's confirmations reach the threshold (woken by the clock, no polling). Once the kill has begun it is never interrupted: the phase may end (its clients see the broker go) while
 * the kill request is still on its way back, e.g. from the Docker engine.
 */
final class FaultTrigger {
    private static final int WAITING = 0;
    private static final int KILLING = 1;
    private static final int CANCELLED = 2;
    private final Thread thread;
    private final AtomicLong countAtKill = new AtomicLong(-1);
    private final AtomicInteger state = new AtomicInteger(WAITING);

    private FaultTrigger(Runnable kill, ProgressClock clock, long threshold) {
        java.util.concurrent.CountDownLatch reached = clock.alarmAt(threshold);
        thread = new Thread(() -> {
            try {
                reached.await();
            } catch (InterruptedException e) {
                return; // the phase ended before the threshold: no kill
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

    /** The clock's count when the kill was sent, or -1. */
    long countAtKill() {
        return countAtKill.get();
    }
}
