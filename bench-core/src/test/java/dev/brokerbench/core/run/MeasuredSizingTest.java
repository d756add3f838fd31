package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Sizing;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.ForwardingDriver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** How a measured pass is sized: a stated depth for a drain, a duration that holds for a publish. */
class MeasuredSizingTest {
    private static final Warmup TWO_QUICK_PASSES = new Warmup(Duration.ZERO, Duration.ofSeconds(30), 1,
            Long.MAX_VALUE, 2, 0.5);

    private static Workload drain(long messages) {
        return Workload.of("c5-like", List.of(new Phase("fill", Action.PUBLISH, PublishMode.ASYNC, false),
                new Phase("consume", Action.CONSUME, null, true))).withMessages(messages, 1000).withIdleTimeout(5);
    }

    @Test
    void aDrainMeasuresItsStatedDepthWhateverTheDurationSays() throws Exception {
        PassPlan oneSecond = new PassPlan(TWO_QUICK_PASSES, Duration.ofSeconds(1));
        ScenarioRunner.Outcome o = new ScenarioRunner(ProgressListener.NONE).planned(oneSecond)
                .run(drain(3_000), CellContext.of(new LoopbackDriver(new LoopbackBroker(), false), "t"));
        // at the loopback's millions per second, a one-second drain would be sized to millions of messages
        assertThat(o.sizing().measuredMessages()).isEqualTo(3_000);
        assertThat(o.measured().phases().get(1).completed()).isEqualTo(3_000);
        assertThat(o.warmup().phases().get(1).completed()).as("the warm-up drains the same depth").isEqualTo(3_000);
    }

    /** Sends that take 2 ms each until {@link #fast} is set, then none. */
    private static final class SlowThenFast extends ForwardingDriver {
        final AtomicBoolean fast = new AtomicBoolean();

        SlowThenFast() {
            super(new LoopbackDriver(new LoopbackBroker(), false));
        }

        @Override
        public Publisher publisher(String queue, PublishMode mode) throws Exception {
            Publisher p = delegate().publisher(queue, mode);
            return new Publisher() {
                @Override
                public void send(Stamp stamp, byte[] payload) throws Exception {
                    if (!fast.get()) {
                        LockSupport.parkNanos(2_000_000);
                    }
                    p.send(stamp, payload);
                }

                @Override
                public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
                    p.sendAsync(stamp, payload, confirmation);
                }

                @Override
                public void close() throws Exception {
                    p.close();
                }
            };
        }

        @Override
        public Publisher publisher(String queue) throws Exception {
            return publisher(queue, PublishMode.SYNC);
        }
    }

    @Test
    void aPublishThatMissedItsDurationIsSizedAgainFromItsOwnRateAndSaysSo() throws Exception {
        SlowThenFast driver = new SlowThenFast();
        Workload publish = Workload.of("c1-like", List.of(new Phase("publish", Action.PUBLISH, PublishMode.SYNC, true),
                new Phase("drain", Action.CONSUME, null, false))).withMessages(400, 400).withIdleTimeout(5);
        // one warm-up pass at about 4 x 500 msg/s sizes a 0.5 s pass to about 1,000 messages; then the sends get fast
        Warmup onePass = new Warmup(Duration.ZERO, Duration.ofSeconds(30), 1, Long.MAX_VALUE, 1, 0.1);
        ScenarioRunner runner = new ScenarioRunner(ProgressListener.NONE).planned(new PassPlan(onePass,
                Duration.ofMillis(500)));
        ScenarioRunner.Outcome o = runner.run(publish, CellContext.of(new ForwardingDriver(driver) {
            @Override
            public Publisher publisher(String queue, PublishMode mode) throws Exception {
                return driver.publisher(queue, mode);
            }

            @Override
            public dev.brokerbench.core.spi.Consumer consumer(String queue) throws Exception {
                driver.fast.set(true); // the warm-up's drain: from here on the publishers are fast
                return super.consumer(queue);
            }
        }, "t"));
        Sizing s = o.sizing();
        assertThat(s.attempts()).hasSize(2);
        assertThat(s.attempts().get(0).kept()).isFalse();
        assertThat(s.attempts().get(0).seconds()).as("the first pass missed 0.5 s").isLessThan(0.375);
        assertThat(s.attempts().get(1).kept()).isTrue();
        // its rate times 0.5 s, from a pass of fewer than 0.375 s: more messages than that pass had
        assertThat(s.measuredMessages()).as("sized again from its own, higher rate")
                .isGreaterThan(s.attempts().get(0).messages());
        assertThat(o.measured().phases().get(0).completed()).isEqualTo(s.measuredMessages());
    }
}
