package dev.brokerbench.jmh;

import dev.brokerbench.core.spi.Confirmation;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One async publisher's window, counted in confirmations: {@link #admit()} takes a free permit for a send, and a
 * permit comes back only when {@link #take} has taken that send's confirmation, so a thread that keeps the window
 * full and takes one confirmation per op runs at the broker's confirmation rate, whatever the window admitted ahead.
 * It is the {@link Confirmation} of every send it admitted; a failed one fails the {@link #take} that meets it, so no
 * failure is counted as a confirmation. One publishing thread admits and takes; the driver confirms on any thread.
 */
final class ConfirmedWindow implements Confirmation {
    private final int size;
    /** Permits neither in flight nor confirmed and not yet taken. */
    private final Semaphore free;
    /** Confirmations (and failures) that came and were not yet taken. */
    private final Semaphore arrived = new Semaphore(0);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    ConfirmedWindow(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("size must be at least 1, was " + size);
        }
        this.size = size;
        this.free = new Semaphore(size);
    }

    /** Takes a free permit for one send: false when the window is full. */
    boolean admit() {
        return free.tryAcquire();
    }

    /**
     * Waits for one confirmation and takes it, freeing its permit.
     *
     * @throws IllegalStateException when none came within {@code timeoutSeconds}, or a send failed
     */
    void take(long timeoutSeconds) throws InterruptedException {
        if (!arrived.tryAcquire(timeoutSeconds, TimeUnit.SECONDS)) {
            throw new IllegalStateException("no confirmation for " + timeoutSeconds + " s with the window full");
        }
        free.release();
        failedYet();
    }

    /**
     * Waits for the confirmation of every send admitted and forgets them (after an iteration: they were not counted
     * in it, and the next iteration starts with an empty window and none waiting to be taken).
     *
     * @throws IllegalStateException when they did not all come within {@code timeoutSeconds}, or one failed
     */
    void settle(long timeoutSeconds) throws InterruptedException {
        int admitted = size - free.availablePermits();
        if (!arrived.tryAcquire(admitted, timeoutSeconds, TimeUnit.SECONDS)) {
            throw new IllegalStateException("async sends still unconfirmed after " + timeoutSeconds + " s");
        }
        free.release(admitted);
        failedYet();
    }

    private void failedYet() {
        Throwable cause = failure.get();
        if (cause != null) {
            throw new IllegalStateException("the broker failed an async send instead of confirming it", cause);
        }
    }

    @Override
    public void confirmed() {
        arrived.release();
    }

    @Override
    public void failed(Throwable cause) {
        failure.compareAndSet(null, cause);
        arrived.release();
    }
}
