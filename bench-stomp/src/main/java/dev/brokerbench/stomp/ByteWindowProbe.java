package dev.brokerbench.stomp;

import dev.brokerbench.core.metrics.Streams;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.ScratchQueues;
import dev.brokerbench.core.spi.Stamp;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Measures what a broker whose STOMP prefetch is in bytes (Artemis' {@code consumer-window-size}) counts for one of
 * the suite's messages, through the broker itself: {@value #FILL} messages shaped like the real ones (same body, same
 * stamp headers, a scratch queue whose name is as long as the real queue's) are sent, a subscription with a window of
 * about {@value #EXPECTED} messages takes what the broker pushes without acknowledging, and the broker pushes while
 * the window has credit left: k messages arrive for a window W when the size s satisfies (k-1)·s &lt; W &le; k·s, so
 * s is taken as W / (k - ½), within 1/(2k) (1 % here). The scratch queue is drained afterwards.
 */
final class ByteWindowProbe {
    private static final int FILL = 200;
    private static final int EXPECTED = 50;
    private static final long QUIET_MILLIS = 500;

    private ByteWindowProbe() {
    }

    static long bytesPerMessage(StompConnector connector, StompDialect dialect, int queueNameLength,
                                int payloadBytes) throws Exception {
        StompDialect.Prefetch prefetch = dialect.prefetch().orElseThrow();
        String destination = dialect.destination().apply(ScratchQueues.name("bb-window-", queueNameLength));
        fill(connector, dialect, destination, payloadBytes);
        long window = EXPECTED * (payloadBytes + 512L);
        int held = take(connector, dialect, destination, prefetch.headers(window), "client-individual", FILL);
        int drained = take(connector, dialect, destination, prefetch.headers(-1), "auto", FILL);
        if (held < 2 || held >= FILL) {
            throw new IllegalStateException("could not size a message for the " + prefetch.header() + " window: a "
                    + window + "-byte window took " + held + " of " + FILL + " messages");
        }
        if (drained != FILL) {
            throw new IllegalStateException("the window probe's scratch queue " + destination + " gave back "
                    + drained + " of " + FILL + " messages");
        }
        return sizeOf(window, held);
    }

    /**
     * The size a broker counts for a message when a window of {@code window} bytes took {@code held} messages: it
     * pushes while credit is left, so {@code (held - 1)·s < window <= held·s}; the middle of that range, whose error
     * is at most {@code 1 / (2·held - 1)} of the size.
     */
    static long sizeOf(long window, int held) {
        if (held < 2) {
            throw new IllegalArgumentException("held must be >= 2 to bound a size, got " + held);
        }
        return Math.round(window / (held - 0.5));
    }

    private static void fill(StompConnector connector, StompDialect dialect, String destination, int payloadBytes)
            throws Exception {
        CountDownLatch receipts = new CountDownLatch(FILL);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (StompLink link = connector.connect()) {
            StompPublisher publisher = new StompPublisher(link, destination, dialect.sending(true));
            long stream = new Streams(1, FILL).id(0);
            for (int i = 0; i < FILL; i++) {
                // a stamp as long as a real one (the headers are text): a phase's stream id, a five-digit sequence
                publisher.sendAsync(new Stamp(stream, 10_000 + i, System.nanoTime()), new byte[payloadBytes],
                        new Confirmation() {
                            @Override
                            public void confirmed() {
                                receipts.countDown();
                            }

                            @Override
                            public void failed(Throwable cause) {
                                failure.compareAndSet(null, cause);
                                receipts.countDown();
                            }
                        });
            }
            if (!receipts.await(Await.TIMEOUT_MILLIS, TimeUnit.MILLISECONDS) || failure.get() != null) {
                throw new IllegalStateException("the window probe could not fill " + destination, failure.get());
            }
        }
    }

    /** Subscribes, counts what arrives until the broker has pushed nothing for a while, and closes. */
    private static int take(StompConnector connector, StompDialect dialect, String destination,
                            Map<String, String> window, String ack, int atMost) throws Exception {
        AtomicInteger count = new AtomicInteger();
        Map<String, String> headers = dialect.subscription(window, ack, "brokerbench-probe");
        try (StompLink link = connector.connect()) {
            Await.result(link.subscribe(destination, headers, frame -> count.incrementAndGet()), "SUBSCRIBE");
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Await.TIMEOUT_MILLIS);
            int seen = -1;
            while ((count.get() != seen || count.get() == 0) && count.get() < atMost && System.nanoTime() < deadline) {
                seen = count.get();
                Thread.sleep(QUIET_MILLIS);
            }
            return count.get();
        }
    }
}
