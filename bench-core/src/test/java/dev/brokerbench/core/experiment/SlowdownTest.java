package dev.brokerbench.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlowdownTest {

    @Test
    void onlyTheNamedPathWithAWarmUpRateIsSlowedAndItsMessagesStillFlow() throws Exception {
        Driver loopback = new LoopbackDriver(new LoopbackBroker(), false);
        Slowdown other = new Slowdown("artemis-core-jms", 0.2);
        assertThat(other.applyTo(loopback, Action.PUBLISH, 1000)).isSameAs(loopback);
        assertThat(other.slows("loopback")).isFalse();
        Slowdown slowdown = new Slowdown("loopback", 0.5);
        assertThat(slowdown.applyTo(loopback, Action.PUBLISH, 1)).as("no half to stall at").isSameAs(loopback);
        assertThat(slowdown.applyTo(loopback, Action.RPC, 1000)).isSameAs(loopback);
        Driver slowed = slowdown.applyTo(loopback, Action.CONSUME, 1_000_000);
        assertThat(slowed).isNotSameAs(loopback);
        assertThat(slowed.info()).isEqualTo(loopback.info());
        List<Long> received = new ArrayList<>();
        try (Publisher publisher = slowed.publisher("q"); Consumer consumer = slowed.consumer("q")) {
            consumer.start();
            for (long seq = 0; seq < 3; seq++) {
                publisher.send(new Stamp(0, seq, System.nanoTime()), new byte[8]);
            }
            while (received.size() < 3
                    && consumer.receive(1000, (stream, sequence, sent, bytes, redelivered) -> received.add(sequence))) {
                assertThat(received).isNotEmpty();
            }
        }
        assertThat(received).containsExactly(0L, 1L, 2L);
    }

    @Test
    void namesItsBoundsAndSaysWhatItDid() {
        assertThatThrownBy(() -> new Slowdown("p", 0)).hasMessageContaining("fraction");
        assertThatThrownBy(() -> new Slowdown("p", 0.95)).hasMessageContaining("(0, 0.9]");
        assertThatThrownBy(() -> new Slowdown(" ", 0.2)).hasMessageContaining("clientPath");
        assertThat(new Slowdown("p", 0.2).caveat()).contains("test-only", "p", "80 %", "halfway");
    }

    @Test
    void theStallComesAtTheHalfAndLastsTheFractionsShareOfTwiceTheFirstHalf() {
        // 10 messages, 20 % off: the stall after message 5 lasts 2 x (first half) x 0.2 / 0.8 = half the first half
        DrivenClock clock = new DrivenClock();
        SlowedDriver.Stall stall = new SlowedDriver.Stall(5, 0.2, clock);
        for (int i = 0; i < 4; i++) {
            stall.holdBack();
            clock.advance(20_000_000);
        }
        assertThat(stall.until()).as("no stall before the half").isEqualTo(Long.MIN_VALUE);
        assertThat(clock.nanos()).as("nobody waited").isEqualTo(80_000_000L);
        stall.holdBack(); // the fifth, 80 ms after the first
        assertThat(stall.until()).as("80 ms of first half, half of it stalled").isEqualTo(120_000_000L);
        assertThat(clock.nanos()).as("the fifth client waits out the stall").isEqualTo(120_000_000L);
        clock.advance(1_000_000);
        stall.holdBack();
        assertThat(clock.nanos()).as("after the stall nobody waits").isEqualTo(121_000_000L);
    }

    @Test
    void aSlowedPassRunsAtItsOwnRateTimesOneMinusTheFraction() throws Exception {
        // a client that takes 1 ms per send: a pass of 400 messages takes 400 ms, slowed by 20 % about 500 ms
        for (double fraction : new double[] {0.2, 0.5}) {
            DrivenClock natural = new DrivenClock();
            long plain = pass(new LoopbackDriver(new LoopbackBroker(), false), natural, 400);
            DrivenClock slowedClock = new DrivenClock();
            Driver slowed = new SlowedDriver(new LoopbackDriver(new LoopbackBroker(), false), Action.PUBLISH, 400,
                    fraction, slowedClock);
            long held = pass(slowed, slowedClock, 400);
            assertThat(plain).isEqualTo(400_000_000L);
            // the first half is timed from the first send to the 200th (199 ms, not 200): the rate a hair above
            assertThat((double) plain / held).as("rate kept at %s off", fraction).isCloseTo(1 - fraction,
                    org.assertj.core.data.Offset.offset(0.005));
        }
    }

    /** One client sends {@code messages}, each send followed by 1 ms of its own work on {@code clock}. */
    private static long pass(Driver driver, DrivenClock clock, int messages) throws Exception {
        try (Publisher p = driver.publisher("q")) {
            for (int i = 0; i < messages; i++) {
                p.send(new Stamp(0, i, clock.nanos()), new byte[0]);
                clock.advance(1_000_000);
            }
        }
        return clock.nanos();
    }

    /** Time that moves only when the test or a stall moves it. */
    private static final class DrivenClock implements SlowedDriver.Clock {
        private long now;

        @Override
        public synchronized long nanos() {
            return now;
        }

        @Override
        public synchronized void park(long nanos) {
            now += nanos;
        }

        synchronized void advance(long nanos) {
            now += nanos;
        }
    }
}
