package dev.brokerbench.brokers.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The node a leader kill takes down on a Kafka cluster: the one leading most of the topic's partitions. */
class LeaderChoiceTest {
    @Test
    void theNodeLeadingMostPartitionsLowestIdOnATie() {
        assertThat(KafkaClusterLocalRuntime.mostLeading(List.of(3, 2, 3, 1), "q")).as("node 3").isEqualTo(2);
        assertThat(KafkaClusterLocalRuntime.mostLeading(List.of(3, 2, 2, 3), "q")).as("2 and 3 tie").isEqualTo(1);
        assertThat(KafkaClusterLocalRuntime.mostLeading(List.of(1), "q")).isZero();
    }

    @Test
    void aTopicWithNoLedPartitionIsAnErrorNamingIt() {
        assertThatThrownBy(() -> KafkaClusterLocalRuntime.mostLeading(List.of(), "bench.f5"))
                .isInstanceOf(IllegalStateException.class).hasMessage("no partition of bench.f5 has a leader");
    }
}
