package dev.brokerbench.core.spi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Puts confirmed messages on a queue outside any measured phase (the set-up of a benchmark or a test): async sends
 * with at most {@code window} unconfirmed where the path has them, otherwise confirmed sync sends.
 */
public final class QueueFill {
    private QueueFill() {
    }

    /** Opens one publisher on the queue being filled. */
    @FunctionalInterface
    public interface PublisherSource {
        Publisher open() throws Exception;
    }

    /**
     * The stream id publisher {@code index} stamps its messages with: as many digits as a publish phase's ids (a path
     * that carries the stamp as text, e.g. STOMP headers, sizes its messages by them).
     */
    public static long stream(int index) {
        return (1L << 60) + index;
    }

    /**
     * Fills with {@code publishers} publishers at once, each its own stream ({@link #stream}) and an equal share: where the
     * path has no async send, confirmed sync sends by one publisher alone take minutes for a few ten thousand
     * messages (ActiveMQ Classic over OpenWire), several in parallel share the broker's disk syncs.
     */
    public static void fill(PublisherSource source, int publishers, int count, byte[] payload, int window,
                            Duration timeout) throws Exception {
        if (publishers < 1) {
            throw new IllegalArgumentException("publishers must be at least 1, got " + publishers);
        }
        ExecutorService fillers = Executors.newFixedThreadPool(publishers);
        try {
            List<Future<?>> parts = new ArrayList<>();
            for (int i = 0; i < publishers; i++) {
                long stream = stream(i);
                int share = count / publishers + (i < count % publishers ? 1 : 0);
                parts.add(fillers.submit(() -> {
                    try (Publisher publisher = source.open()) {
                        fill(publisher, stream, share, payload, window, timeout);
                    }
                    return null;
                }));
            }
            for (Future<?> part : parts) {
                try {
                    part.get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception cause ? cause : e;
                }
            }
        } finally {
            fillers.shutdownNow();
        }
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
