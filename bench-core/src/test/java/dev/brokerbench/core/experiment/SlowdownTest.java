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
    void theStallComesAtTheHalfAndLastsTheFractionsShareOfTwiceTheFirstHalf() throws Exception {
        // 10 messages, 20 % off: the stall after message 5 lasts 2 x (first half) x 0.2 / 0.8 = half the first half
        SlowedDriver.Stall stall = new SlowedDriver.Stall(5, 0.2);
        long start = System.nanoTime();
        for (int i = 0; i < 4; i++) {
            stall.holdBack();
            java.util.concurrent.locks.LockSupport.parkNanos(20_000_000);
        }
        assertThat(stall.until()).as("no stall before the half").isEqualTo(Long.MIN_VALUE);
        long fifth = System.nanoTime();
        stall.holdBack(); // the fifth: about 80 ms after the first
        long firstHalf = fifth - start;
        long stalled = stall.until() - fifth;
        assertThat((double) stalled / firstHalf).isBetween(0.45, 0.55);
        assertThat(System.nanoTime()).as("the fifth client waits out the stall").isGreaterThanOrEqualTo(stall.until());
        long after = System.nanoTime();
        stall.holdBack();
        assertThat(System.nanoTime() - after).as("after the stall nobody waits").isLessThan(20_000_000L);
    }

    @Test
    void aSlowedPassRunsAtItsOwnRateTimesOneMinusTheFraction() throws Exception {
        // clients that each take 1 ms per send: a pass of 400 messages over 4 clients takes about 100 ms
        Slowdown slowdown = new Slowdown("loopback", 0.2);
        double natural = 0;
        double slowed = 0;
        for (int trial = 0; trial < 3; trial++) {
            natural += seconds(new LoopbackDriver(new LoopbackBroker(), false), 400);
            slowed += seconds(slowdown.applyTo(new LoopbackDriver(new LoopbackBroker(), false), Action.PUBLISH, 400),
                    400);
        }
        // a rate 0.8 of its own: the pass lasts 1.25 times as long
        assertThat(slowed / natural).isBetween(1.15, 1.35);
    }

    /** Four clients send {@code messages} between them, each send followed by 1 ms of the client's own work. */
    private static double seconds(Driver driver, int messages) throws Exception {
        Thread[] clients = new Thread[4];
        long start = System.nanoTime();
        for (int c = 0; c < clients.length; c++) {
            int client = c;
            clients[c] = new Thread(() -> {
                try (Publisher p = driver.publisher("q")) {
                    for (int i = 0; i < messages / clients.length; i++) {
                        p.send(new Stamp(client, i, System.nanoTime()), new byte[0]);
                        java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            clients[c].start();
        }
        for (Thread t : clients) {
            t.join();
        }
        return (System.nanoTime() - start) / 1e9;
    }
}
