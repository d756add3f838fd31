package dev.brokerbench.kafka;

import dev.brokerbench.core.spi.Subscription;
import dev.brokerbench.core.model.ClientSpec;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** The producer and consumer settings of the path, said once (see {@link KafkaClients} for why each). */
final class KafkaConfigs {
    /** Bytes a record adds to its payload in a fetch: the three stamp headers, the record's own fields. */
    static final int RECORD_OVERHEAD = 128;
    /**
     * How long a producer that is not to reconnect waits for a broker that is gone: Kafka's producer always retries,
     * for delivery.timeout.ms (2 minutes by default); f1/f2 restart the broker once the publishers have given up.
     */
    static final int GIVE_UP_MILLIS = 5_000;
    private final KafkaConnection connection;
    private final ClientSpec spec;
    private final AtomicInteger clients = new AtomicInteger();

    KafkaConfigs(KafkaConnection connection, ClientSpec spec) {
        this.connection = connection;
        this.spec = spec;
    }

    /** Bytes one fetch may return: the prefetch's worth of the workload's messages. */
    int fetchBytes() {
        return Math.max(1, spec.prefetch()) * (spec.payloadBytes() + RECORD_OVERHEAD);
    }

    Properties producer() {
        Properties p = connection.properties();
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "brokerbench-producer-" + clients.incrementAndGet());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        if (!spec.reconnect()) {
            p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(GIVE_UP_MILLIS));
            p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, String.valueOf(GIVE_UP_MILLIS));
        }
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }

    /**
     * A producer the broker never answers ({@code acks=0}: the published send/receive comparison's setting), so
     * without idempotence, which needs {@code acks=all}.
     */
    Properties unacknowledgedProducer() {
        Properties p = producer();
        p.put(ProducerConfig.ACKS_CONFIG, "0");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        return p;
    }

    /** A member of the queue's consumer group; the suite commits its offsets. */
    Properties groupMember(String topic) {
        return memberOf(KafkaTopics.group(topic), "earliest");
    }

    /**
     * The one member of a subscription's own consumer group, which reads every partition of the topic from the end
     * it finds when it joins (a subscription receives what is published after it was made).
     */
    Properties subscriber(Subscription subscription) {
        return memberOf(KafkaTopics.group(subscription.name()), "latest");
    }

    private Properties memberOf(String group, String offsetReset) {
        Properties p = assigned();
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, offsetReset);
        return p;
    }

    /**
     * A member of the queue's share group: explicit acknowledgement of each record, and {@code record_limit}
     * acquisition, so a poll acquires at most {@code prefetch} records and nothing is fetched ahead of a poll.
     */
    Properties shareMember(String topic) {
        Properties p = fetching("brokerbench-share-consumer-");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, KafkaTopics.shareGroup(topic));
        p.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit");
        p.put(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit");
        return p;
    }

    /** A consumer of partitions it is assigned by the suite (no group): a requester's replies. */
    Properties assigned() {
        Properties p = fetching("brokerbench-consumer-");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return p;
    }

    /** What every consumer of the path shares: a poll and a fetch sized to the prefetch. */
    private Properties fetching(String clientIdPrefix) {
        Properties p = connection.properties();
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientIdPrefix + clients.incrementAndGet());
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, String.valueOf(Math.max(1, spec.prefetch())));
        p.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, String.valueOf(fetchBytes()));
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, String.valueOf(fetchBytes()));
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return p;
    }
}
