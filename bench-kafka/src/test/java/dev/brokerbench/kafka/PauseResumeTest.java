package dev.brokerbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.spi.Stamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/**
 * A member's partitions stay paused from its join to {@link KafkaQueueConsumer#start()}, which resumes them: what
 * the publishers sent before the clock is fetched only after it starts. With auto acknowledge, what was handed over
 * is committed before the next fetch, so a partition the group moves to another member is read on from there.
 * Against kafka-clients' MockConsumer, which honours pause and resume and runs the rebalance listener.
 */
class PauseResumeTest {
    private static final String TOPIC = "q";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);

    /** Every offset committed, in order (MockConsumer answers committed() only for partitions still assigned). */
    private final List<Map<TopicPartition, OffsetAndMetadata>> commits = new ArrayList<>();
    private final MockConsumer<byte[], byte[]> group = new MockConsumer<>("earliest") {
        @Override
        public synchronized void commitAsync(Map<TopicPartition, OffsetAndMetadata> offsets,
                                             org.apache.kafka.clients.consumer.OffsetCommitCallback callback) {
            commits.add(Map.copyOf(offsets));
            super.commitAsync(offsets, callback);
        }

        @Override
        public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
            commits.add(Map.copyOf(offsets));
            super.commitSync(offsets);
        }
    };
    private final KafkaQueueConsumer member = new KafkaQueueConsumer(group, TOPIC, AckMode.AUTO, () -> { });
    private final List<Long> received = new ArrayList<>();

    PauseResumeTest() {
        group.updatePartitions(TOPIC, List.of(new PartitionInfo(TOPIC, 0, null, null, null),
                new PartitionInfo(TOPIC, 1, null, null, null)));
        Map<TopicPartition, Long> beginnings = new HashMap<>();
        beginnings.put(P0, 0L);
        beginnings.put(P1, 0L);
        group.updateBeginningOffsets(beginnings);
    }

    /** Record {@code sequence} of stream 7 at {@code offset} of {@code partition}. */
    private void sent(TopicPartition partition, long offset, long sequence) {
        group.addRecord(new ConsumerRecord<>(TOPIC, partition.partition(), offset, 0L, TimestampType.CREATE_TIME, 0,
                0, new byte[0], new byte[16], KafkaStamp.headers(new Stamp(7, sequence, 0)), Optional.empty()));
    }

    private boolean receive() {
        return member.receive(10, (stream, sequence, sendNanos, bytes, redelivered) -> received.add(sequence));
    }

    @Test
    void whatWasSentBeforeTheClockIsFetchedOnlyOnceItStarts() throws Exception {
        group.schedulePollTask(() -> group.rebalance(List.of(P0, P1)));
        member.join(1, 300);
        sent(P0, 0, 1);
        sent(P1, 0, 2);

        assertThat(receive()).as("paused: nothing fetched before start()").isFalse();
        assertThat(group.paused()).containsExactlyInAnyOrder(P0, P1);

        member.start();

        assertThat(group.paused()).isEmpty();
        while (receive()) {
            // drain what the poll fetched
        }
        assertThat(received).containsExactlyInAnyOrder(1L, 2L);
        member.close();
    }

    @Test
    void whatWasHandedOverIsCommittedBeforeTheNextFetchSoAMovedPartitionIsReadOnFromThere() throws Exception {
        group.schedulePollTask(() -> group.rebalance(List.of(P0, P1)));
        member.join(1, 300);
        member.start();
        sent(P0, 0, 10);
        sent(P0, 1, 11);
        assertThat(receive()).isTrue(); // fetches both of P0, hands over the first
        assertThat(receive()).isTrue(); // and the second, from what it fetched
        assertThat(commits).as("nothing committed while handing over what one fetch brought").isEmpty();

        group.schedulePollTask(() -> { // the group moves P0 to another member; then 20 arrives on P1
            group.rebalance(List.of(P1));
            sent(P1, 0, 20);
        });
        while (receive()) {
            // what is left
        }

        assertThat(commits.get(0)).as("P0's handed-over offset, committed before the fetch that moved P0")
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(2)));
        assertThat(received).containsExactly(10L, 11L, 20L);
        assertThat(group.assignment()).containsExactly(P1);
        member.close();
        assertThat(commits.get(commits.size() - 1)).as("closing commits what the last fetch handed over")
                .isEqualTo(Map.of(P1, new OffsetAndMetadata(1)));
    }
}
