package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.ClientLimit;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.ResourceUsage;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/**
 * What a phase's resources span: its active period, from the clock's start (every session open) to its last
 * completion. Sessions that take a second to open and a second to close, around clients that keep the cores busy
 * while they work, must neither dilute the client's CPU share nor hide that the client limited the figure.
 */
class ActivePeriodResourcesTest {
    /** How long opening, and then closing, each session takes (the clients wait, using no CPU). */
    private static final long SESSION_MILLIS = 1000;
    /** CPU each message costs its client, sender and receiver alike. */
    private static final long SPIN_NANOS = 500_000;

    @Test
    void clientCpuIsMeasuredOverTheActivePeriodNotTheSessionsOpeningAndClosing() throws Exception {
        SlowSessionsDriver driver = new SlowSessionsDriver();
        ScenarioRunner.Pass pass = new ScenarioRunner(ProgressListener.NONE, FAST)
                .run(AccountingTest.workload(PublishMode.SYNC, 4000), CellContext.of(driver, "test")).measured();

        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
        for (PhaseResult phase : pass.phases()) {
            Work work = phase.action() == Action.PUBLISH ? driver.sending : driver.receiving;
            ResourceUsage r = phase.resources();
            double coresOverItsWall = r.clientCpuShare() * r.cores();
            assertThat(coresOverItsWall).as(phase.name() + ": the CPU share is the client's CPU over the active"
                            + " period (%.2f s, against %.3f CPU s)", phase.activeSeconds(), r.clientCpuSeconds())
                    .isCloseTo(r.clientCpuSeconds() / phase.activeSeconds(), Percentage.withPercentage(10));
            assertThat(r.clientCpuSeconds()).as(phase.name() + ": the clients' work is inside it")
                    .isGreaterThan(0.9 * work.cpuSeconds());
            // a shared machine may not give the clients a core: the flag is owed only where they had one
            if (work.cores() >= 1.3) { // the flag needs 0.9: a margin for the sampler's 50 ms steps
                assertThat(r.clientLimit()).as(phase.name() + ": the clients used %.2f cores while they worked,"
                        + " %.2f over the phase's active period", work.cores(), coresOverItsWall)
                        .isIn(ClientLimit.ALL_CORES, ClientLimit.FULL_CORE);
            }
        }
    }

    /** The CPU the clients spent working, measured apart from the suite: each thread's own CPU time. */
    private static final class Work {
        private final LongAdder cpuNanos = new LongAdder();
        private final AtomicLong first = new AtomicLong(Long.MAX_VALUE);
        private final AtomicLong last = new AtomicLong();

        /** Spends {@link #SPIN_NANOS} on the calling thread, and counts the CPU it got meanwhile. */
        void spin() {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long cpu = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            first.accumulateAndGet(start, Math::min);
            while (System.nanoTime() < start + SPIN_NANOS) {
                Thread.onSpinWait();
            }
            cpuNanos.add(threads.getCurrentThreadCpuTime() - cpu);
            last.accumulateAndGet(System.nanoTime(), Math::max);
        }

        double cpuSeconds() {
            return cpuNanos.sum() / 1e9;
        }

        /** Cores the working clients used, from the first message's work to the last's. */
        double cores() {
            return cpuNanos.sum() / (double) (last.get() - first.get());
        }
    }

    /**
     * The in-JVM broker with sessions that take {@link #SESSION_MILLIS} to open and to close, and clients that spend
     * {@link #SPIN_NANOS} of CPU on each message they send or receive.
     */
    private static final class SlowSessionsDriver extends LoopbackDriver {
        final Work sending = new Work();
        final Work receiving = new Work();

        SlowSessionsDriver() {
            super(new LoopbackBroker(), false);
        }

        @Override
        public Publisher publisher(String queue) {
            pause();
            Publisher real = super.publisher(queue);
            return new Publisher() {
                @Override
                public void send(Stamp stamp, byte[] payload) throws Exception {
                    real.send(stamp, payload);
                }

                @Override
                public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
                    real.sendAsync(stamp, payload, confirmation);
                }

                @Override
                public void close() throws Exception {
                    pause();
                    real.close();
                }
            };
        }

        @Override
        public Consumer consumer(String queue) {
            pause();
            Consumer real = super.consumer(queue);
            return new Consumer() {
                @Override
                public void start() throws Exception {
                    real.start();
                }

                @Override
                public boolean receive(long timeoutMillis, Delivery sink) throws Exception {
                    return real.receive(timeoutMillis, sink);
                }

                @Override
                public void acknowledge() throws Exception {
                    real.acknowledge();
                }

                @Override
                public void close() throws Exception {
                    pause();
                    real.close();
                }
            };
        }

        @Override
        protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
            sending.spin();
            super.deliver(queue, stamp, payload);
        }

        @Override
        protected void delivered() {
            receiving.spin();
        }

        /** Opening or closing a session: waiting, not working. */
        private static void pause() {
            try {
                Thread.sleep(SESSION_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
