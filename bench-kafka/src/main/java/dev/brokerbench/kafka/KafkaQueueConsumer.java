package dev.brokerbench.kafka;

import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Stamp;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * One member of the topic's consumer group. Records are handed over one at a time from the last poll; what is
 * committed is exactly what was handed over (never a record still waiting in this consumer): with
 * {@link AckMode#AUTO} (and DUPS_OK) before each further poll and when a partition is taken away or the consumer
 * closes, with {@link AckMode#CLIENT} (and TRANSACTED) only on {@link #acknowledge()}, so what was handed over and
 * not acknowledged goes to the partition's next owner. Records of a partition taken away are dropped from this
 * consumer's buffer: its next owner starts from the committed offset.
 */
final class KafkaQueueConsumer implements Consumer {
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final String topic;
    private final boolean commitAsHandedOver;
    private final ArrayDeque<ConsumerRecord<byte[], byte[]>> buffer = new ArrayDeque<>();
    /** Per partition, the offset after the last record handed over and not yet committed. */
    private final Map<TopicPartition, OffsetAndMetadata> handedOver = new HashMap<>();

    KafkaQueueConsumer(Properties config, String topic, AckMode ackMode) {
        this.consumer = new KafkaConsumer<>(config);
        this.topic = topic;
        this.commitAsHandedOver = ackMode == AckMode.AUTO || ackMode == AckMode.DUPS_OK;
    }

    @Override
    public void start() {
        consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                if (commitAsHandedOver) {
                    commit(partitions);
                }
                forget(partitions);
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            }

            @Override
            public void onPartitionsLost(Collection<TopicPartition> partitions) {
                forget(partitions);
            }
        });
    }

    @Override
    public boolean receive(long timeoutMillis, Delivery sink) {
        if (buffer.isEmpty()) {
            if (commitAsHandedOver && !handedOver.isEmpty()) {
                consumer.commitAsync(Map.copyOf(handedOver), null);
                handedOver.clear();
            }
            consumer.poll(Duration.ofMillis(timeoutMillis)).forEach(buffer::add);
            if (buffer.isEmpty()) {
                return false;
            }
        }
        ConsumerRecord<byte[], byte[]> r = buffer.poll();
        handedOver.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        long stream = KafkaStamp.read(r.headers(), Stamp.STREAM, Stamp.NONE);
        sink.accept(stream, KafkaStamp.read(r.headers(), Stamp.SEQUENCE, -1),
                KafkaStamp.read(r.headers(), Stamp.SEND_NANOS, 0), r.value() == null ? 0 : r.value().length, false);
        return true;
    }

    @Override
    public void acknowledge() {
        if (!handedOver.isEmpty()) {
            consumer.commitSync(Map.copyOf(handedOver));
            handedOver.clear();
        }
    }

    private void commit(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        partitions.forEach(tp -> {
            OffsetAndMetadata o = handedOver.get(tp);
            if (o != null) {
                offsets.put(tp, o);
            }
        });
        if (!offsets.isEmpty()) {
            consumer.commitSync(offsets);
        }
    }

    private void forget(Collection<TopicPartition> partitions) {
        partitions.forEach(handedOver::remove);
        buffer.removeIf(r -> partitions.contains(new TopicPartition(r.topic(), r.partition())));
    }

    @Override
    public void close() {
        try {
            if (commitAsHandedOver) {
                acknowledge();
            }
        } finally {
            consumer.close();
        }
    }
}
