package dev.brokerbench.brokers.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The node a leader kill takes down on a RabbitMQ cluster: the quorum queue's leader, as rabbitmqctl names it. */
class QuorumLeaderTest {
    private static final List<String> NODES = List.of("rabbit-1@localhost", "rabbit-2@localhost", "rabbit-3@localhost");
    /** What rabbitmqctl list_queues name leader --formatter json printed (3.10), two queues. */
    private static final String LISTED = """
            [
            {"name":"bench.c1","leader":"rabbit-1@localhost"}
            ,{"name":"bench.f5","leader":"rabbit-3@localhost"}
            ]
            """;

    @Test
    void theQueuesLeaderIsTheNodeOfThatName() throws Exception {
        assertThat(RabbitMqLocalRuntime.leaderIn(LISTED, "bench.f5", NODES)).isEqualTo(2);
        assertThat(RabbitMqLocalRuntime.leaderIn(LISTED, "bench.c1", NODES)).isZero();
    }

    @Test
    void aQueueMissingOrLedByAStrangerIsAnErrorSayingWhich() {
        assertThatThrownBy(() -> RabbitMqLocalRuntime.leaderIn(LISTED, "bench.f6", NODES))
                .hasMessage("no queue bench.f6 on the cluster (declared before the cell?)");
        assertThatThrownBy(() -> RabbitMqLocalRuntime.leaderIn(LISTED, "bench.f5", NODES.subList(0, 2)))
                .hasMessageStartingWith("queue bench.f5 is led by rabbit-3@localhost, not one of the cluster's nodes");
    }
}
