package dev.brokerbench.kafka;

import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Stamp;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;

/**
 * One member of the topic's share group (KIP-932), acknowledging each record explicitly: the broker hands records of
 * any partition to any member, locks each one it hands over, counts its deliveries and hands it again when released
 * or when its lock expires, like a queue. {@link AckMode#AUTO} (and DUPS_OK) accepts each record as it is handed
 * over (the acceptances travel with the next poll); {@link AckMode#CLIENT} accepts what was handed over on
 * {@link #acknowledge()} and commits synchronously. A share consumer must have acknowledged every record of a poll
 * before it polls again, so a batch still open when a poll's records run out is accepted then, with that poll.
 * A record delivered more than once is flagged as redelivered.
 */
final class ShareGroupConsumer implements Consumer {
    private final KafkaShareConsumer<byte[], byte[]> consumer;
    private final String topic;
    private final boolean acceptAsHandedOver;
    private final ArrayDeque<ConsumerRecord<byte[], byte[]>> buffer = new ArrayDeque<>();
    private final List<ConsumerRecord<byte[], byte[]>> handedOver = new ArrayList<>();

    ShareGroupConsumer(Properties config, String topic, AckMode ackMode) {
        if (ackMode == AckMode.TRANSACTED) {
            throw new IllegalArgumentException("ackMode TRANSACTED: a share group has no transactions");
        }
        this.consumer = new KafkaShareConsumer<>(config);
        this.topic = topic;
        this.acceptAsHandedOver = ackMode == AckMode.AUTO || ackMode == AckMode.DUPS_OK;
    }

    @Override
    public void start() {
        consumer.subscribe(List.of(topic));
    }

    @Override
    public boolean receive(long timeoutMillis, Delivery sink) {
        if (buffer.isEmpty()) {
            accept(); // a poll with records of the last one unacknowledged throws: they go with this poll
            consumer.poll(Duration.ofMillis(timeoutMillis)).forEach(buffer::add);
            if (buffer.isEmpty()) {
                return false;
            }
        }
        ConsumerRecord<byte[], byte[]> r = buffer.poll();
        boolean redelivered = r.deliveryCount().map(n -> n > 1).orElse(false);
        sink.accept(KafkaStamp.read(r.headers(), Stamp.STREAM, Stamp.NONE),
                KafkaStamp.read(r.headers(), Stamp.SEQUENCE, -1), KafkaStamp.read(r.headers(), Stamp.SEND_NANOS, 0),
                r.value() == null ? 0 : r.value().length, redelivered);
        if (acceptAsHandedOver) {
            consumer.acknowledge(r, AcknowledgeType.ACCEPT);
        } else {
            handedOver.add(r);
        }
        return true;
    }

    @Override
    public void acknowledge() {
        accept();
        failed(consumer.commitSync());
    }

    private void accept() {
        for (ConsumerRecord<byte[], byte[]> r : handedOver) {
            consumer.acknowledge(r, AcknowledgeType.ACCEPT);
        }
        handedOver.clear();
    }

    private static void failed(Map<TopicIdPartition, Optional<KafkaException>> results) {
        for (Map.Entry<TopicIdPartition, Optional<KafkaException>> e : results.entrySet()) {
            if (e.getValue().isPresent()) {
                throw new IllegalStateException("the share group refused acknowledgements of " + e.getKey() + ": "
                        + e.getValue().get().getMessage(), e.getValue().get());
            }
        }
    }

    @Override
    public void close() {
        try {
            if (acceptAsHandedOver) {
                failed(consumer.commitSync());
            }
        } finally {
            // releases every record still locked to this member: those not handed over, and with CLIENT those
            // handed over and not acknowledged, which the group hands again with a delivery count of 2
            consumer.close();
        }
    }
}
