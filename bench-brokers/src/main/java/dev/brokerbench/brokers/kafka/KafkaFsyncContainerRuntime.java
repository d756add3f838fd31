package dev.brokerbench.brokers.kafka;

/** Kafka fsyncing before each acknowledgement ({@link KafkaDurability#FSYNC_EACH}) in a container. */
public final class KafkaFsyncContainerRuntime extends KafkaContainerRuntime {
    public KafkaFsyncContainerRuntime() {
        super(KafkaDurability.FSYNC_EACH);
    }
}
