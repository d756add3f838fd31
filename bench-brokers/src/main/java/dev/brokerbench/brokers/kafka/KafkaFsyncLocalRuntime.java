package dev.brokerbench.brokers.kafka;

/** Kafka fsyncing before each acknowledgement ({@link KafkaDurability#FSYNC_EACH}) as a local process. */
public final class KafkaFsyncLocalRuntime extends KafkaLocalRuntime {
    public KafkaFsyncLocalRuntime() {
        super(KafkaDurability.FSYNC_EACH);
    }
}
