package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Destinations;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.DestinationSpread;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.Test;

/** Publishers spread over many queues, each with consumers of its own, on the in-JVM fake broker. */
class ManyQueuesTest {
    /** 3 publishers over 10 queues (queues 0, 3, 6, 9 are publisher 0's), 2 consumers a queue. */
    private static final Destinations TEN = new Destinations(10, 2);

    private static Workload drain() {
        return Workload.of("m", List.of(new Phase("fill", Action.PUBLISH, PublishMode.ASYNC, false),
                        new Phase("drain", Action.CONSUME, null, true)))
                .withClients(3).withMessages(3000, 0).withIdleTimeout(1).withQueue("q").withDestinations(TEN);
    }

    @Test
    void eachQueueGetsItsShareAndIsAccountedApart() throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(broker, false), drain());

        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
        PhaseResult drained = pass.phases().get(1);
        assertThat(drained.errors()).isEmpty();
        DestinationSpread spread = drained.destinations();
        assertThat(spread.consumersPerQueue()).isEqualTo(2);
        assertThat(spread.queues()).hasSize(10);
        // 1,000 messages a publisher: publisher 0 sends 250 to each of its 4 queues, publishers 1 and 2 about 333 to
        // each of their 3
        assertThat(spread.queues()).extracting(DestinationSpread.Queue::expected)
                .containsExactly(250L, 334L, 334L, 250L, 333L, 333L, 250L, 333L, 333L, 250L);
        assertThat(spread.queues()).allSatisfy(q -> {
            assertThat(q.received()).isEqualTo(q.expected());
            assertThat(q.lost()).isZero();
            assertThat(q.lastReceiptSeconds()).isNotNull().isPositive();
        });
        assertThat(spread.received().min()).isEqualTo(250);
        assertThat(spread.received().max()).isEqualTo(334);
        assertThat(spread.misrouted()).isZero();
        // the messages really were on those queues: the broker has each one, and nothing is left on the stem
        assertThat(broker.queue("q.3")).isEmpty();
        assertThat(broker.queue("q")).isEmpty();
    }

    @Test
    void aMessageOnAnotherQueueIsAnErrorAndLostWhereItWasSent() throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        LoopbackDriver misrouting = new LoopbackDriver(broker, false) {
            @Override
            protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
                // publisher 0's message 5 goes to its queue 3 (5 mod 4 = 1): put it on queue 4 instead
                boolean moved = stamp.sequence() == 5 && (stamp.stream() & 0xFFFF) == 0;
                super.deliver(moved ? broker.queue("q.4") : queue, stamp, payload);
            }
        };

        PhaseResult drained = LoopbackRun.measured(misrouting, drain()).phases().get(1);

        assertThat(drained.errors()).singleElement().asString().contains("message 5 of stream")
                .contains("arrived on q.4; it was sent to q.3");
        DestinationSpread spread = drained.destinations();
        assertThat(spread.misrouted()).isEqualTo(1);
        assertThat(spread.queues().get(3).received()).as("received, though on another queue")
                .isEqualTo(spread.queues().get(3).expected());
    }

    @Test
    void aLossIsCountedOnTheQueueThatLostIt() throws Exception {
        LoopbackDriver dropping = new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
                // publisher 1's messages 0 and 3 both go to queue 1: confirmed, never delivered
                boolean dropped = (stamp.sequence() == 0 || stamp.sequence() == 3) && (stamp.stream() & 0xFFFF) == 1;
                if (!dropped) {
                    super.deliver(queue, stamp, payload);
                }
            }
        };

        ScenarioRunner.Pass pass = LoopbackRun.measured(dropping, drain());

        assertThat(pass.accounting().lostConfirmed()).isEqualTo(2);
        DestinationSpread spread = pass.phases().get(1).destinations();
        assertThat(spread.queuesWithLoss()).isEqualTo(1);
        assertThat(spread.queues().get(1).lost()).isEqualTo(2);
        assertThat(spread.queues().get(1).received()).isEqualTo(spread.queues().get(1).expected() - 2);
    }

    @Test
    void aPublisherOnManyQueuesHasTheOpenLimitForEachOfItsSessions() throws Exception {
        // 1 s to open a session; each publisher opens 10 (one a queue), each taking 0.2 s: 2 s in all
        PhaseContext.Limits oneSecond = new PhaseContext.Limits(Duration.ofSeconds(1), Duration.ofSeconds(10),
                Duration.ofSeconds(60), 20);
        LoopbackDriver slowToOpen = new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            public Publisher publisher(String queue) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.publisher(queue);
            }
        };
        Workload w = drain().withClients(1).withMessages(100, 0);
        assertThat(w.sessionsPerPublisher()).isEqualTo(10);

        ScenarioRunner.Pass pass = new ScenarioRunner(ProgressListener.NONE, oneSecond)
                .run(w, CellContext.of(slowToOpen, "test")).measured();

        assertThat(pass.phases()).allSatisfy(p -> assertThat(p.errors()).isEmpty());
        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
    }

    @Test
    void aLiveCaseOnManyQueuesHasEachQueuesFigures() throws Exception {
        Phase live = new Phase("live", Action.LIVE, PublishMode.ASYNC, true);
        Workload w = Workload.of("l", List.of(live)).withClients(4).withMessages(2000, 0).withMessage(16, true)
                .withIdleTimeout(1).withQueue("q").withRate(500).withDestinations(new Destinations(20, 1));

        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false), w);

        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
        DestinationSpread spread = pass.phases().get(1).destinations();
        assertThat(spread.queues()).hasSize(20).allSatisfy(q -> assertThat(q.received()).isEqualTo(100));
        // paced at 2,000 msg/s for 1 s: every queue's last message arrives near the end, not at once
        assertThat(spread.lastReceipt().min()).isGreaterThan(0.8);
        assertThat(pass.phases().get(1).endToEnd().count()).isEqualTo(2000);
    }
}
