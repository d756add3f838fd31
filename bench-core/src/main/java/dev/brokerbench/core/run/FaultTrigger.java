package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.ProgressClock;
import java.util.concurrent.atomic.AtomicLong;

/** Kills the broker when a publish phase's confirmations reach the threshold (woken by the clock, no polling). */
final class FaultTrigger {
    private final Thread thread;
    private final AtomicLong confirmedAtKill = new AtomicLong(-1);

    private FaultTrigger(BrokerControl control, ProgressClock clock, long threshold) {
        java.util.concurrent.CountDownLatch reached = clock.alarmAt(threshold);
        thread = new Thread(() -> {
            try {
                reached.await();
            } catch (InterruptedException e) {
                return; // the phase ended before the threshold: no kill
            }
            confirmedAtKill.set(clock.count());
            control.kill();
        }, "fault-trigger");
        thread.setDaemon(true);
    }

    static FaultTrigger start(BrokerControl control, ProgressClock clock, long threshold) {
        FaultTrigger trigger = new FaultTrigger(control, clock, threshold);
        trigger.thread.start();
        return trigger;
    }

    void stop() throws InterruptedException {
        thread.interrupt();
        thread.join(60_000);
    }

    long confirmedAtKill() {
        return confirmedAtKill.get();
    }
}
