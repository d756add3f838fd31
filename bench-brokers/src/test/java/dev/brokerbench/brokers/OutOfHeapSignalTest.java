package dev.brokerbench.brokers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.brokers.activemq.ActiveMqClassicBroker;
import dev.brokerbench.brokers.apollo.ApolloBroker;
import dev.brokerbench.brokers.artemis.ArtemisBroker;
import dev.brokerbench.brokers.kafka.KafkaDurability;
import dev.brokerbench.brokers.rabbitmq.RabbitMqBroker;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerDescriptor.LogSignals;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every JVM broker's log is read for its heap running out, so a cell during which it did says so whatever its
 * status (issue 66: Apollo's console.log said "java.lang.OutOfMemoryError: Java heap space" while the cell read only
 * lost=289069); RabbitMQ, an Erlang node, has alarms of its own instead.
 */
class OutOfHeapSignalTest {
    /** The line as Apollo 1.7.1 wrote it to its console log, and the form an Artemis logger gives it. */
    private static final List<String> LINES = List.of(
            "Exception in thread \"hawtdispatch-DEFAULT-2\" java.lang.OutOfMemoryError: Java heap space",
            "2026-11-29 10:41:07,533 ERROR [org.apache.activemq.artemis.core.server] AMQ224000: Failure in"
                    + " initialisation: java.lang.OutOfMemoryError: GC overhead limit exceeded");

    private static final List<BrokerDescriptor> JVM_BROKERS = List.of(ArtemisBroker.DESCRIPTOR, ArtemisBroker.PAIR,
            ActiveMqClassicBroker.DESCRIPTOR, ApolloBroker.DESCRIPTOR, KafkaDurability.PAGE_CACHE.descriptor(),
            KafkaDurability.FSYNC_EACH.descriptor());

    @Test
    void everyJvmBrokersLogIsReadForItsHeapRunningOut() {
        for (BrokerDescriptor broker : JVM_BROKERS) {
            Pattern signal = broker.logSignals().pressure().get(LogSignals.OUT_OF_HEAP);
            assertThat(signal).as(broker.id()).isNotNull();
            LINES.forEach(line -> assertThat(signal.matcher(line).find()).as(broker.id() + ": " + line).isTrue());
            assertThat(signal.matcher("INFO heap after GC 1.2 GB of 2 GB").find()).isFalse();
        }
        assertThat(RabbitMqBroker.DESCRIPTOR.logSignals().pressure()).doesNotContainKey(LogSignals.OUT_OF_HEAP);
    }
}
