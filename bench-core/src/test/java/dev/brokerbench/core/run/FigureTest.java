package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.metrics.RateWindows;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RateSummary;
import dev.brokerbench.core.run.FaultyLoopbackDriver.Msg;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What the phase figures count, and from which instant to which, with fake brokers that behave like real ones. */
class FigureTest {

    private static ScenarioRunner.Outcome run(LoopbackDriver driver, PublishMode mode, long messages)
            throws Exception {
        return new ScenarioRunner(ProgressListener.NONE, FAST)
                .run(AccountingTest.workload(mode, messages), CellContext.of(driver, "test"));
    }

    /**
     * A broker that pushes each consumer one message per millisecond from the moment it subscribes (like a prefetching
     * library filling its buffer), with sessions that open one after another. A consumer subscribed before the phase
     * clock started would have a buffer full of messages at the start, and the rate would read far above 4 x 1000/s.
     */
    @Test
    void consumeClockStartsBeforeAnyConsumerCanReceive() throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        PhaseResult consume = run(new PushingDriver(broker, 150), PublishMode.ASYNC, 2000).measured().phases().get(1);

        assertThat(consume.completed()).isEqualTo(2000);
        // four consumers at <= 1000 msg/s each: 2000 messages take >= 0.5 s from the clock's start
        assertThat(consume.activeSeconds()).isGreaterThanOrEqualTo(0.5);
        assertThat(consume.rate().overall()).isLessThanOrEqualTo(4000);
    }

    /**
     * Confirmations released 1000 at a time every 50 ms per client (as multiple=true confirms or a batched frame do):
     * the true rate is about 4 x 20,000 msg/s, and no window may read far above it however short a burst is.
     */
    @Test
    void windowRatesDescribeTheBrokerNotTheBatching() throws Exception {
        PhaseResult publish = run(new BurstyDriver(new LoopbackBroker(), 50), PublishMode.ASYNC, 60_000)
                .measured().phases().get(0);

        assertThat(publish.rate().windows()).as("windows of at least 100 ms cut from the live completions")
                .isGreaterThanOrEqualTo(3);
        assertThat(publish.rate().windowMinMillis()).isEqualTo(100);
    }

    /**
     * The same batching on a timeline built by hand, so every figure is known: a burst of 1,000 completions every
     * 50 ms from 50 ms to 1 s (20,000 in 1 s). A window closes at the first completion at least 100 ms and 1,000
     * completions after its start: the first holds the burst at 50 ms and one more (1,001 in 100 ms), each of the next
     * nine the 999 left of a burst, the next burst and one more (2,000 in 100 ms); the last 999 close none. A window
     * as short as a burst would read a million per second and more.
     */
    @Test
    void windowsOfABurstyTimelineReadTheRateBetweenBursts() {
        long ms = 1_000_000L;
        long[] timeline = new long[20_000];
        for (int i = 0; i < timeline.length; i++) {
            timeline[i] = (i / 1000 + 1) * 50 * ms;
        }

        RateSummary rate = RateWindows.summarize(0, timeline, RateWindow.DEFAULT,
                RateWindows.activeSeconds(0, timeline));

        assertThat(rate.overall()).isEqualTo(20_000.0);
        assertThat(rate.windows()).isEqualTo(10);
        assertThat(rate.windowMin()).isEqualTo(10_010.0);
        assertThat(rate.windowMax()).isEqualTo(20_000.0);
        assertThat(rate.windowMean()).as("19,001 in the windows' 1 s").isEqualTo(19_001.0);
    }

    /** Duplicates and messages from elsewhere are accounted, never counted as consume progress. */
    @Test
    void consumeCountsOnlyFirstReceiptsOfThePhasesOwnMessages() throws Exception {
        Set<Msg> everyMessage = new HashSet<>();
        for (int client = 0; client < 4; client++) {
            for (long seq = 0; seq < 1000; seq++) {
                everyMessage.add(new Msg(client, seq));
            }
        }
        LoopbackBroker broker = new LoopbackBroker();
        for (int i = 0; i < 500; i++) {
            broker.queue("q").add(new Envelope(new Stamp(12345L << 16, i, 0), new byte[0], false));
        }
        FaultyLoopbackDriver driver = new FaultyLoopbackDriver(broker, Set.of(), everyMessage, Set.of());

        ScenarioRunner.Outcome out = run(driver, PublishMode.ASYNC, 4000);

        Accounting a = out.measured().accounting();
        assertThat(a.duplicates()).isEqualTo(4000);
        assertThat(a.foreign()).isEqualTo(500);
        assertThat(out.measured().phases().get(1).completed()).isEqualTo(4000);
    }

    /**
     * One message fails its confirmation but arrives anyway; one confirmed message arrives 700 ms after the rest
     * (within the 1 s idle timeout). A drain that stopped once as many distinct messages arrived as were confirmed
     * would stop before the late one and call it lost.
     */
    @Test
    void drainWaitsForEveryConfirmedMessage() throws Exception {
        Accounting a = run(new LateDriver(new LoopbackBroker(), new Msg(0, 5), new Msg(1, 7), 700),
                PublishMode.ASYNC, 4000).measured().accounting();

        assertThat(a.confirmed()).isEqualTo(3999);
        assertThat(a.lostConfirmed()).isZero();
        assertThat(a.lost()).isZero();
        assertThat(a.received()).isEqualTo(4000);
        assertThat(a.unconfirmedPresent()).isEqualTo(1);
    }

    /** Consumers open {@code openStaggerMillis} apart; each receives at most one message per millisecond. */
    static final class PushingDriver extends LoopbackDriver {
        private final LoopbackBroker broker;
        private final long openStaggerMillis;
        private final AtomicInteger opened = new AtomicInteger();

        PushingDriver(LoopbackBroker broker, long openStaggerMillis) {
            super(broker, false);
            this.broker = broker;
            this.openStaggerMillis = openStaggerMillis;
        }

        @Override
        public Consumer consumer(String queue) {
            try {
                Thread.sleep(openStaggerMillis * opened.getAndIncrement());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            BlockingQueue<Envelope> source = broker.queue(queue);
            BlockingQueue<Envelope> buffer = new LinkedBlockingQueue<>();
            Thread feeder = new Thread(() -> {
                try {
                    while (true) {
                        Envelope e = source.poll(10, TimeUnit.MILLISECONDS);
                        if (e != null) {
                            buffer.add(e);
                            Thread.sleep(1);
                        }
                    }
                } catch (InterruptedException e) {
                    // closed
                }
            }, "pushing-feeder");
            feeder.setDaemon(true);
            return new Consumer() {
                @Override
                public void start() {
                    feeder.start();
                }

                @Override
                public boolean receive(long timeoutMillis, Delivery sink) throws InterruptedException {
                    Envelope e = buffer.poll(timeoutMillis, TimeUnit.MILLISECONDS);
                    if (e == null) {
                        return false;
                    }
                    sink.accept(e.stamp().stream(), e.stamp().sequence(), e.stamp().sendNanos(), 0, false);
                    return true;
                }

                @Override
                public void acknowledge() {
                }

                @Override
                public void close() {
                    feeder.interrupt();
                }
            };
        }
    }

    /** Confirms async sends in bursts: everything outstanding, every {@code periodMillis}. */
    static final class BurstyDriver extends LoopbackDriver {
        private final long periodMillis;

        BurstyDriver(LoopbackBroker broker, long periodMillis) {
            super(broker, false);
            this.periodMillis = periodMillis;
        }

        @Override
        public Publisher publisher(String queue) {
            Publisher inner = super.publisher(queue);
            List<Confirmation> pending = new ArrayList<>();
            ScheduledExecutorService releaser = Executors.newSingleThreadScheduledExecutor();
            releaser.scheduleAtFixedRate(() -> {
                List<Confirmation> burst;
                synchronized (pending) {
                    burst = new ArrayList<>(pending);
                    pending.clear();
                }
                burst.forEach(Confirmation::confirmed);
            }, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
            return new Publisher() {
                @Override
                public void send(Stamp stamp, byte[] payload) throws Exception {
                    inner.send(stamp, payload);
                }

                @Override
                public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
                    inner.send(stamp, payload);
                    synchronized (pending) {
                        pending.add(confirmation);
                    }
                }

                @Override
                public void close() {
                    releaser.shutdownNow();
                }
            };
        }
    }

    /** Delivers {@code unconfirmed} but fails its confirmation; delivers {@code late} after {@code delayMillis}. */
    static final class LateDriver extends LoopbackDriver {
        private final Msg unconfirmed;
        private final Msg late;
        private final long delayMillis;
        private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "late-delivery");
            t.setDaemon(true);
            return t;
        });

        LateDriver(LoopbackBroker broker, Msg unconfirmed, Msg late, long delayMillis) {
            super(broker, false);
            this.unconfirmed = unconfirmed;
            this.late = late;
            this.delayMillis = delayMillis;
        }

        @Override
        public Publisher publisher(String queue) {
            Publisher inner = super.publisher(queue);
            return new Publisher() {
                @Override
                public void send(Stamp stamp, byte[] payload) {
                    throw new UnsupportedOperationException("async only");
                }

                @Override
                public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
                    Msg msg = new Msg((int) (stamp.stream() & 0xFFFF), stamp.sequence());
                    if (msg.equals(late)) {
                        timer.schedule(() -> {
                            inner.send(stamp, payload);
                            return null;
                        }, delayMillis, TimeUnit.MILLISECONDS);
                        confirmation.confirmed();
                    } else if (msg.equals(unconfirmed)) {
                        inner.send(stamp, payload);
                        confirmation.failed(new IllegalStateException("confirmation lost (test)"));
                    } else {
                        inner.sendAsync(stamp, payload, confirmation);
                    }
                }

                @Override
                public void close() {
                }
            };
        }
    }
}
