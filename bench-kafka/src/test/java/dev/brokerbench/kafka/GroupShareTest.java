package dev.brokerbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When a group member owns its share of a topic's partitions, so that the clock may start. */
class GroupShareTest {
    @Test
    void fourMembersOfFourPartitionsEachOwnOne() {
        assertThat(KafkaQueueConsumer.holdsShare(1, 4, 4)).isTrue();
        assertThat(KafkaQueueConsumer.holdsShare(0, 4, 4)).as("not yet given one").isFalse();
        assertThat(KafkaQueueConsumer.holdsShare(4, 4, 4)).as("the first to join, before the others").isFalse();
        assertThat(KafkaQueueConsumer.holdsShare(2, 4, 4)).isFalse();
    }

    @Test
    void anUnevenSplitAllowsTheLargerAndTheSmallerShare() {
        assertThat(KafkaQueueConsumer.holdsShare(1, 4, 3)).isTrue();
        assertThat(KafkaQueueConsumer.holdsShare(2, 4, 3)).isTrue();
        assertThat(KafkaQueueConsumer.holdsShare(3, 4, 3)).isFalse();
        assertThat(KafkaQueueConsumer.holdsShare(4, 4, 1)).isTrue();
        assertThat(KafkaQueueConsumer.holdsShare(3, 4, 1)).isFalse();
    }

    @Test
    void withMoreMembersThanPartitionsAMemberWaitsForOne() {
        assertThat(KafkaQueueConsumer.holdsShare(0, 4, 8)).as("given none yet, or never: it cannot tell").isFalse();
        assertThat(KafkaQueueConsumer.holdsShare(1, 4, 8)).isTrue();
        assertThat(KafkaQueueConsumer.holdsShare(2, 4, 8)).isFalse();
    }
}
