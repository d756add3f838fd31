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
        assertThat(slowdown.applyTo(loopback, Action.PUBLISH, Double.NaN)).as("no warm-up rate").isSameAs(loopback);
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
        assertThat(new Slowdown("p", 0.2).caveat()).contains("test-only", "p", "80 %");
    }

    @Test
    void aPaceHoldsItsClientsToItsRateTogetherOnAnAbsoluteSchedule() throws Exception {
        SlowedDriver.Pace pace = new SlowedDriver.Pace(10_000_000); // 100 messages/s
        long start = System.nanoTime();
        pace.holdBack(); // the origin: not held
        assertThat(System.nanoTime() - start).isLessThan(10_000_000L);
        for (int i = 0; i < 5; i++) {
            pace.holdBack();
        }
        assertThat(System.nanoTime() - start).as("5 messages after the origin at 100/s").isGreaterThanOrEqualTo(50_000_000L);

        SlowedDriver.Pace shared = new SlowedDriver.Pace(10_000_000);
        long sharedStart = System.nanoTime();
        Thread[] clients = new Thread[2];
        for (int c = 0; c < clients.length; c++) {
            clients[c] = new Thread(() -> {
                for (int i = 0; i < 6; i++) {
                    shared.holdBack();
                }
            });
            clients[c].start();
        }
        for (Thread client : clients) {
            client.join();
        }
        assertThat(System.nanoTime() - sharedStart).as("two clients, 12 messages: 11 after the origin at 100/s together")
                .isGreaterThanOrEqualTo(110_000_000L);
    }
}
