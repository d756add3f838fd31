package dev.brokerbench.brokers.kafka;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.Protocol;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * When a Kafka broker acknowledges a produce, the one setting in which the two Kafka brokers of the suite differ.
 * Kafka's default acknowledges once the record is in the log's page cache (a crashed process loses nothing; a
 * crashed machine loses what the OS had not yet written back); the JMS brokers here fsync before confirming. Both are
 * offered, under their own broker ids, so that no durability claim compares unlike with like.
 */
public enum KafkaDurability {
    /** Kafka's defaults: no flush per message; the OS writes the page cache back. */
    PAGE_CACHE(Shipped.KAFKA, Map.of(),
            "Kafka's default: acknowledged from the page cache, no fsync per message (log.flush.interval.messages"
                    + " and log.flush.interval.ms unset; the OS writes back)"),
    /** An fsync of the partition's log before each produce is acknowledged. */
    FSYNC_EACH(BrokerDescriptor.broker("kafka-fsync", "Apache Kafka (fsync)", Protocol.KAFKA)
            .withLogSignals(BrokerDescriptor.LogSignals.NONE.ofJvm()).asVariantOf(Shipped.KAFKA),
            Map.of("log.flush.interval.messages", "1"),
            "log.flush.interval.messages=1: the leader fsyncs the partition's log before it acknowledges each"
                    + " produce request (as the JMS brokers here do before confirming)");

    private final BrokerDescriptor descriptor;
    private final Map<String, String> serverProperties;
    private final String statement;

    KafkaDurability(BrokerDescriptor descriptor, Map<String, String> serverProperties, String statement) {
        this.descriptor = descriptor;
        this.serverProperties = serverProperties;
        this.statement = statement;
    }

    /** Kafka as shipped (a holder: an enum's constructors cannot read its own static fields). */
    private static final class Shipped {
        static final BrokerDescriptor KAFKA = BrokerDescriptor.broker("kafka", "Apache Kafka", Protocol.KAFKA)
                .withLogSignals(BrokerDescriptor.LogSignals.NONE.ofJvm());
    }

    public BrokerDescriptor descriptor() {
        return descriptor;
    }

    /** The server properties this setting adds to {@link KafkaServerConfig}'s. */
    public Map<String, String> serverProperties() {
        return serverProperties;
    }

    /** The settings every runtime of this broker records. */
    public Map<String, String> settings(String heap) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("mode", "KRaft, one node as broker and controller");
        s.put("persistence", statement);
        s.put("heap", KafkaServerConfig.heapOptions(heap));
        return s;
    }
}
