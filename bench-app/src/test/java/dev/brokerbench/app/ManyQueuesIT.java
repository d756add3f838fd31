package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Destinations;
import dev.brokerbench.core.result.DestinationSpread;
import dev.brokerbench.core.result.RunResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many destinations (w5 fan-in: 32 publishers to one queue; w6 100 queues, a consumer each; w7 1,000 queues drained at
 * once) on Artemis and RabbitMQ through their own protocols: every message arrives once, on the queue it was sent to,
 * and each queue's accounting adds up to the cell's.
 */
@Wide
class ManyQueuesIT {
    private static final List<String> CASES = List.of("w5", "w6", "w7");

    @TempDir
    Path tmp;

    @Test
    void eachQueueGetsItsShareOnArtemisAndRabbitMqAndIsAccountedApart() throws Exception {
        Map<String, List<String>> paths = Map.of("artemis", List.of("artemis-core-jms"),
                "rabbitmq", List.of("rabbitmq-amqp091"));
        List<RunResult> results = ItSupport.runEveryBroker(tmp, String.join(",", CASES), paths, CASES, "--scale", "0.01");

        assertThat(results).hasSize(6);
        for (RunResult r : results) {
            String cell = ItSupport.assertEveryMessageOnce(r);
            Destinations queues = r.workload().destinations();
            DestinationSpread spread = r.reportedPhase().destinations();
            assertThat(spread.queues()).as(cell).hasSize(queues.queues());
            assertThat(spread.consumersPerQueue()).as(cell).isEqualTo(queues.consumersPerQueue());
            assertThat(spread.misrouted()).as(cell + ": each message came on the queue it was sent to").isZero();
            assertThat(spread.queues()).as(cell).allSatisfy(q -> {
                assertThat(q.received()).isEqualTo(q.expected()).isPositive();
                assertThat(q.lost()).isZero();
                assertThat(q.duplicates()).isZero();
            });
            assertThat(spread.queues().stream().mapToLong(DestinationSpread.Queue::received).sum()).as(cell)
                    .isEqualTo(r.accounting().received());
            if (r.workload().name().equals("w7")) {
                // 1,000 messages at --scale 0.01: each publisher sends one to each of its 250 queues
                assertThat(spread.received().min()).as(cell).isEqualTo(1);
                assertThat(spread.received().max()).as(cell).isEqualTo(1);
            }
        }
    }
}
