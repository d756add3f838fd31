package dev.brokerbench.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What one op of {@link PublishBenchmark#publishAsync} is, run without JMH against a broker that confirms each send
 * 50 ms after it, at most 2,000 a second: an iteration's ops are the confirmations that arrived in it, not the sends
 * the 1000-message window admitted (which run ahead of them by up to the window), and a failed confirmation is never
 * counted as one.
 */
class PublishAsyncScoreTest {
    private static final long ITERATION_MILLIS = 300;
    /** Confirmations that may arrive between an op's last take and the iteration's end (a busy machine). */
    private static final long LATE = 50;

    private final SlowConfirmations broker = new SlowConfirmations(new LoopbackBroker());
    private final BrokerTarget target = new BrokerTarget();
    private final PublishBenchmark.Client client = new PublishBenchmark.Client();
    private final PublishBenchmark benchmark = new PublishBenchmark();

    PublishAsyncScoreTest() throws Exception {
        target.driver = broker;
        target.queue = "q";
        target.payload = new byte[0];
        client.open(target);
    }

    @AfterEach
    void close() throws Exception {
        client.publisher.close();
    }

    @Test
    void anIterationsOpsAreTheConfirmationsThatArrivedInIt() throws Exception {
        for (int iteration = 0; iteration < 2; iteration++) {
            long confirmedBefore = broker.confirmed.get();
            long ops = 0;
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ITERATION_MILLIS);
            while (System.nanoTime() < end) {
                benchmark.publishAsync(target, client, null);
                ops++;
            }
            long confirmed = broker.confirmed.get() - confirmedBefore;
            // about 500 come in 300 ms at this pace; a starved machine may see far fewer
            assertThat(confirmed).as("confirmations in iteration %d", iteration).isGreaterThan(20);
            // never more ops than confirmations (sends ran ahead of them by up to the window's 1,000); fewer only
            // by those that came after the last op took one
            assertThat(ops).as("ops of iteration %d, against its %d confirmations", iteration, confirmed)
                    .isBetween(Math.min(confirmed - LATE, confirmed / 2), confirmed);
            client.settle(); // JMH's iteration teardown
        }
    }

    @Test
    void aFailedConfirmationFailsTheBenchmark() {
        broker.failing = 10;

        assertThatThrownBy(() -> {
            for (int op = 0; op < 100; op++) {
                benchmark.publishAsync(target, client, null);
            }
        }).hasMessageContaining("failed").hasRootCauseMessage("nack of the 10th send");
    }

    /**
     * Confirms each async send on a thread of its own, in send order, {@link #LATENCY_NANOS} after the send and
     * {@link #PACE_NANOS} after the previous confirmation; fails the {@link #failing}-th (0: none).
     */
    private static final class SlowConfirmations extends LoopbackDriver {
        static final long LATENCY_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
        static final long PACE_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
        final AtomicLong confirmed = new AtomicLong();
        volatile long failing;

        private record Pending(long sentNanos, Confirmation confirmation) {
        }

        SlowConfirmations(LoopbackBroker broker) {
            super(broker, true);
        }

        @Override
        public Publisher publisher(String queue) {
            BlockingQueue<Pending> pending = new LinkedBlockingQueue<>();
            Thread confirmer = new Thread(() -> {
                long last = 0;
                long count = 0;
                try {
                    while (true) {
                        Pending p = pending.take();
                        long at = Math.max(p.sentNanos() + LATENCY_NANOS, last + PACE_NANOS);
                        for (long wait = at - System.nanoTime(); wait > 0; wait = at - System.nanoTime()) {
                            LockSupport.parkNanos(wait);
                        }
                        last = System.nanoTime();
                        if (++count == failing) {
                            p.confirmation().failed(new IOException("nack of the " + count + "th send"));
                        } else {
                            confirmed.incrementAndGet();
                            p.confirmation().confirmed();
                        }
                    }
                } catch (InterruptedException e) {
                    // the publisher closed
                }
            }, "slow-confirmations");
            confirmer.setDaemon(true);
            confirmer.start();
            return new Publisher() {
                @Override
                public void send(Stamp stamp, byte[] payload) {
                    throw new UnsupportedOperationException("async only");
                }

                @Override
                public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) {
                    pending.add(new Pending(System.nanoTime(), confirmation));
                }

                @Override
                public void close() {
                    confirmer.interrupt();
                }
            };
        }
    }
}
