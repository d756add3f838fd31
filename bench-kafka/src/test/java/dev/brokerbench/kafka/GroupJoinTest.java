package dev.brokerbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.model.AckMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A group member's join before the clock, against kafka-clients' own MockConsumer standing in for the group: each
 * poll runs the next step the test scheduled (an assignment, or nothing). A join that times out with this member
 * holding other than its share fails, naming what it held, so that the cell ends as an error instead of measuring
 * fewer consumers than it says; a member the group gives none because there are more members than partitions is
 * Kafka's promise, not an error.
 */
class GroupJoinTest {
    private static final String TOPIC = "q";
    private static final int PARTITIONS = 4;
    private static final long TIMEOUT_MILLIS = 300;

    private final MockConsumer<byte[], byte[]> group = new MockConsumer<>("earliest");
    private final KafkaQueueConsumer member = new KafkaQueueConsumer(group, TOPIC, AckMode.AUTO, () -> { });

    GroupJoinTest() {
        List<PartitionInfo> partitions = new ArrayList<>();
        Map<TopicPartition, Long> beginnings = new HashMap<>();
        for (int p = 0; p < PARTITIONS; p++) {
            partitions.add(new PartitionInfo(TOPIC, p, null, null, null));
            beginnings.put(new TopicPartition(TOPIC, p), 0L);
        }
        group.updatePartitions(TOPIC, partitions);
        group.updateBeginningOffsets(beginnings);
    }

    @AfterEach
    void close() throws Exception {
        member.close();
    }

    @Test
    void aMemberGivenItsShareAfterHoldingEveryPartitionJoinsWithItsPartitionPaused() throws Exception {
        group.schedulePollTask(() -> group.rebalance(partitions(0, 1, 2, 3))); // the first to join owns them all
        group.scheduleNopPollTask();
        group.schedulePollTask(() -> group.rebalance(partitions(2))); // the others' heartbeats took three

        member.join(4, TIMEOUT_MILLIS);

        assertThat(group.assignment()).isEqualTo(Set.of(new TopicPartition(TOPIC, 2)));
        assertThat(group.paused()).as("nothing is fetched before start()").containsAll(group.assignment());
    }

    @Test
    void aMemberStillHoldingEveryPartitionAtTheTimeOutFailsTheJoinSayingWhatItHolds() {
        group.schedulePollTask(() -> group.rebalance(partitions(0, 1, 2, 3))); // and the group never moves them

        assertThatThrownBy(() -> member.join(4, TIMEOUT_MILLIS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("kafka group did not settle within 0.3 s: this member holds 4 of 4 partitions, a share"
                        + " is 1 (4 members)");
    }

    @Test
    void aMemberGivenNoneOfEnoughPartitionsFailsTheJoin() {
        assertThatThrownBy(() -> member.join(3, TIMEOUT_MILLIS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("kafka group did not settle within 0.3 s: this member holds 0 of 4 partitions, a share"
                        + " is 1-2 (3 members)");
    }

    @Test
    void withMoreMembersThanPartitionsAMemberGivenNoneWaitsOutTheTimeOutAndJoins() throws Exception {
        long start = System.nanoTime();

        member.join(8, TIMEOUT_MILLIS); // Kafka gives 4 of the 8 members nothing: expected, not an error

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(TIMEOUT_MILLIS);
        assertThat(group.assignment()).isEmpty();
    }

    @Test
    void withMoreMembersThanPartitionsAMemberHoldingTwoFailsTheJoin() {
        group.schedulePollTask(() -> group.rebalance(partitions(0, 1)));

        assertThatThrownBy(() -> member.join(8, TIMEOUT_MILLIS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("kafka group did not settle within 0.3 s: this member holds 2 of 4 partitions, a share"
                        + " is 1 or none (8 members)");
    }

    private static List<TopicPartition> partitions(int... numbers) {
        List<TopicPartition> list = new ArrayList<>();
        for (int p : numbers) {
            list.add(new TopicPartition(TOPIC, p));
        }
        return list;
    }
}
