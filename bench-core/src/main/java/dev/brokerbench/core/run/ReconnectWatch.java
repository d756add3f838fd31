package dev.brokerbench.core.run;

import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * For a broker kill the clients ride out with their own reconnection: when the broker was ready again, and when the
 * first send after that was confirmed.
 */
final class ReconnectWatch {
    private volatile long killNanos;
    private volatile long readyNanos;
    private volatile OptionalLong restartMillis = OptionalLong.empty();
    private final AtomicLong firstConfirmAfterKill = new AtomicLong();

    void killed(long nanos) {
        killNanos = nanos;
    }

    void ready(long nanos, long restartMillis) {
        this.readyNanos = nanos;
        this.restartMillis = OptionalLong.of(restartMillis);
    }

    /** Called at every confirmed send. */
    void confirmed(long nanos) {
        if (killNanos != 0 && nanos > killNanos && firstConfirmAfterKill.get() == 0) {
            firstConfirmAfterKill.compareAndSet(0, nanos);
        }
    }

    OptionalLong restartMillis() {
        return restartMillis;
    }

    /**
     * From the broker being ready again to the first confirmed send; 0 when a client got through before the suite's
     * readiness check finished; empty when no send was confirmed after the kill.
     */
    OptionalLong reconnectMillis() {
        long first = firstConfirmAfterKill.get();
        if (first == 0 || readyNanos == 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(0, TimeUnit.NANOSECONDS.toMillis(first - readyNanos)));
    }
}
