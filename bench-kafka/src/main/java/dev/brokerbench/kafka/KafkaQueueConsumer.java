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
    private final org.apache.kafka.clients.consumer.Consumer<byte[], byte[]> consumer;
    private final String topic;
    private final boolean commitAsHandedOver;
    private final ArrayDeque<ConsumerRecord<byte[], byte[]>> buffer = new ArrayDeque<>();
    /**
     * Per partition of the one topic, the offset after the last record handed over and not yet committed, or
     * {@link #NONE}: an array, so that handing a record over allocates nothing.
     */
    private long[] handedOver = new long[0];
    private static final long NONE = -1;
    private static final long READY_POLL_MILLIS = 50;
    private final AfterClose afterClose;
    private boolean started;

    /** What a consumer does once it has closed (a subscription's member deletes its group). */
    @FunctionalInterface
    interface AfterClose {
        void run() throws Exception;
    }

    KafkaQueueConsumer(Properties config, String topic, AckMode ackMode, AfterClose afterClose) {
        this(new KafkaConsumer<>(config), topic, ackMode, afterClose);
    }

    /** Around {@code consumer}, which this closes (a test gives kafka-clients' own MockConsumer). */
    KafkaQueueConsumer(org.apache.kafka.clients.consumer.Consumer<byte[], byte[]> consumer, String topic,
                       AckMode ackMode, AfterClose afterClose) {
        this.afterClose = afterClose;
        this.consumer = consumer;
        this.topic = topic;
        this.commitAsHandedOver = ackMode == AckMode.AUTO || ackMode == AckMode.DUPS_OK;
    }

    /**
     * Joins the group with every partition it is given paused, polling until this member owns its share of the
     * topic's partitions among {@code members}, so that the group is balanced before the clock starts and
     * {@link #start()} only resumes them.
     *
     * @throws IllegalStateException when {@code timeoutMillis} passed with this member holding other than its share
     *                               (the group did not settle: the phase would measure fewer consumers than it says),
     *                               naming what it holds; except a member holding none of fewer partitions than
     *                               members, which is what Kafka promises the members beyond the partitions' number
     */
    @Override
    public void join(int members, long timeoutMillis) {
        subscribe();
        int partitions = consumer.partitionsFor(topic).size();
        long until = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (!holdsShare(consumer.assignment().size(), partitions, members) && System.nanoTime() < until) {
            consumer.poll(Duration.ofMillis(READY_POLL_MILLIS)).forEach(buffer::add);
        }
        int owned = consumer.assignment().size();
        if (!holdsShare(owned, partitions, members) && !(owned == 0 && partitions < members)) {
            throw new IllegalStateException(unsettled(owned, partitions, members, timeoutMillis));
        }
    }

    /**
     * Whether {@code owned} of {@code partitions} is one member's share among {@code members}. With more members than
     * partitions, one: a member cannot tell that it is one of those the group gives none, so those wait out the
     * join's time-out (the group description a member sees, its generation, comes before its assignment), and then
     * join holding none.
     */
    static boolean holdsShare(int owned, int partitions, int members) {
        if (partitions < members) {
            return owned == 1;
        }
        return owned >= partitions / members && owned <= (partitions + members - 1) / members;
    }

    /** Why a join failed: what this member holds, and what its share would have been. */
    static String unsettled(int owned, int partitions, int members, long timeoutMillis) {
        int least = partitions / members;
        int most = (partitions + members - 1) / members;
        String share = partitions < members ? "1 or none" : least == most ? String.valueOf(least) : least + "-" + most;
        return "kafka group did not settle within " + java.math.BigDecimal.valueOf(timeoutMillis, 3)
                .stripTrailingZeros().toPlainString() + " s: this member holds " + owned + " of " + partitions
                + " partitions, a share is " + share + " (" + members + " members)";
    }

    @Override
    public void start() {
        if (consumer.subscription().isEmpty()) { // not joined before the clock
            subscribe();
        }
        started = true;
        consumer.resume(consumer.paused());
    }

    private void subscribe() {
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
                if (!started) {
                    consumer.pause(partitions); // joined before the clock: nothing is fetched until start()
                }
            }

            @Override
            public void onPartitionsLost(Collection<TopicPartition> partitions) {
                forget(partitions);
            }
        });
    }

    /**
     * Polls (keeping what arrives) until the group has assigned this member partitions, then makes sure it knows
     * where it reads each of them from (a subscription starting at the log's end resolves that position now, not
     * after the publishers began).
     */
    @Override
    public void awaitReady(long timeoutMillis) {
        long until = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (consumer.assignment().isEmpty() && System.nanoTime() < until) {
            consumer.poll(Duration.ofMillis(READY_POLL_MILLIS)).forEach(buffer::add);
        }
        long left = Math.max(1, java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime()));
        for (TopicPartition partition : consumer.assignment()) {
            consumer.position(partition, Duration.ofMillis(left));
        }
    }

    @Override
    public boolean receive(long timeoutMillis, Delivery sink) {
        if (buffer.isEmpty()) {
            if (commitAsHandedOver) {
                Map<TopicPartition, OffsetAndMetadata> offsets = takeHandedOver(null);
                if (!offsets.isEmpty()) {
                    consumer.commitAsync(offsets, null);
                }
            }
            consumer.poll(Duration.ofMillis(timeoutMillis)).forEach(buffer::add);
            if (buffer.isEmpty()) {
                return false;
            }
        }
        ConsumerRecord<byte[], byte[]> r = buffer.poll();
        if (r.partition() >= handedOver.length) {
            int from = handedOver.length;
            handedOver = java.util.Arrays.copyOf(handedOver, r.partition() + 1);
            java.util.Arrays.fill(handedOver, from, handedOver.length, NONE);
        }
        handedOver[r.partition()] = r.offset() + 1;
        long stream = KafkaStamp.read(r.headers(), Stamp.STREAM, Stamp.NONE);
        sink.accept(stream, KafkaStamp.read(r.headers(), Stamp.SEQUENCE, -1),
                KafkaStamp.read(r.headers(), Stamp.SEND_NANOS, 0), r.value() == null ? 0 : r.value().length, false);
        return true;
    }

    @Override
    public void acknowledge() {
        Map<TopicPartition, OffsetAndMetadata> offsets = takeHandedOver(null);
        if (!offsets.isEmpty()) {
            consumer.commitSync(offsets);
        }
    }

    private void commit(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = takeHandedOver(partitions);
        if (!offsets.isEmpty()) {
            consumer.commitSync(offsets);
        }
    }

    /** The offsets handed over and not yet committed, of {@code only} these partitions (null: all), forgotten here. */
    private Map<TopicPartition, OffsetAndMetadata> takeHandedOver(Collection<TopicPartition> only) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (int partition = 0; partition < handedOver.length; partition++) {
            TopicPartition tp = new TopicPartition(topic, partition);
            if (handedOver[partition] != NONE && (only == null || only.contains(tp))) {
                offsets.put(tp, new OffsetAndMetadata(handedOver[partition]));
                handedOver[partition] = NONE;
            }
        }
        return offsets;
    }

    private void forget(Collection<TopicPartition> partitions) {
        takeHandedOver(partitions);
        buffer.removeIf(r -> partitions.contains(new TopicPartition(r.topic(), r.partition())));
    }

    @Override
    public void close() throws Exception {
        try {
            if (commitAsHandedOver) {
                acknowledge();
            }
        } finally {
            consumer.close();
        }
        afterClose.run();
    }
}
