package dev.brokerbench.core.spi;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Puts confirmed messages on a queue outside any measured phase (the set-up of a benchmark or a test): async sends
 * with at most {@code window} unconfirmed where the path has them, otherwise confirmed sync sends.
 */
public final class QueueFill {
    private QueueFill() {
    }

    /**
     * @param stream  the stamp's stream id
     * @param count   messages to put
     * @param window  most unconfirmed async sends at a time
     * @param timeout longest wait for a confirmation, and for the last ones
     * @throws IllegalStateException if a send was not confirmed (failed or timed out)
     */
    public static void fill(Publisher publisher, long stream, int count, byte[] payload, int window,
                            Duration timeout) throws Exception {
        Semaphore permits = new Semaphore(window);
        CountDownLatch confirmed = new CountDownLatch(count);
        boolean async = true;
        for (int i = 0; i < count; i++) {
            Stamp stamp = new Stamp(stream, i, System.nanoTime());
            if (async) {
                if (!permits.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new IllegalStateException("fill: no confirmation for " + timeout.toSeconds() + " s");
                }
                try {
                    publisher.sendAsync(stamp, payload, new Confirmation() {
                        @Override
                        public void confirmed() {
                            permits.release();
                            confirmed.countDown();
                        }

                        @Override
                        public void failed(Throwable cause) {
                            permits.release();
                        }
                    });
                    continue;
                } catch (UnsupportedOperationException e) {
                    permits.release();
                    async = false; // this path has no async send: confirmed sync sends
                }
            }
            publisher.send(stamp, payload);
            confirmed.countDown();
        }
        if (!confirmed.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("fill: " + confirmed.getCount() + " of " + count
                    + " messages not confirmed");
        }
    }
}
