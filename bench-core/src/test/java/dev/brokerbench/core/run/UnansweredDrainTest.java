package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Stamp;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A drain whose consumers could not consume (CI saw a RabbitMQ quorum queue leave both drain clients' basic.consume
 * unanswered after a partition healed) never calls what it could not ask for lost: plain consumers try once more,
 * and what they cannot take either is held by a broker that did not answer (BROKER STOPPED), while a message
 * missing from a drain that could ask for it is still a loss.
 */
class UnansweredDrainTest {
    private static final long MESSAGES = 4000;

    /** A fake broker whose first {@code refused} consumers cannot consume (every one when negative). */
    private static final class UnansweringDriver extends LoopbackDriver {
        private final AtomicInteger asked = new AtomicInteger();
        private final int refused;
        private final long dropEvery;

        UnansweringDriver(int refused, long dropEvery) {
            super(new LoopbackBroker(), false);
            this.refused = refused;
            this.dropEvery = dropEvery;
        }

        @Override
        public Consumer consumer(String queue) {
            if (refused < 0 || asked.incrementAndGet() <= refused) {
                throw new IllegalStateException(new IOException("consume not answered (the test's broker)"));
            }
            return super.consumer(queue);
        }

        @Override
        protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
            if (dropEvery == 0 || stamp.sequence() % dropEvery != 1 || (stamp.stream() & 0xFFFF) != 0) {
                super.deliver(queue, stamp, payload);
            }
        }
    }

    private static RunResult cell(UnansweringDriver driver) throws Exception {
        Workload workload = AccountingTest.workload(PublishMode.ASYNC, MESSAGES);
        ScenarioRunner.Pass pass = LoopbackRun.measured(driver, workload);
        return new RunResult(RunResult.SCHEMA, "test", Instant.now(), 1, workload, null, null, null, List.of(), null,
                pass.phases(), pass.accounting(), List.of(), null, null, List.of(), List.of(), null, null, null, null,
                null, null, null);
    }

    private static List<String> errors(RunResult r) {
        return r.phases().stream().flatMap(p -> p.errors().stream()).toList();
    }

    @Test
    void aDrainThatCouldNotConsumeIsTriedOnceMoreAndCountsWhatItFinds() throws Exception {
        RunResult r = cell(new UnansweringDriver(4, 0)); // the drain's four consumers

        Accounting a = r.accounting();
        assertThat(a.received()).as(a.summary()).isEqualTo(MESSAGES);
        assertThat(a.lost()).isZero();
        assertThat(a.held()).isNull();
        assertThat(r.status()).as("the consumers' failures are the cell's errors").isEqualTo(Status.ERROR);
        assertThat(errors(r)).contains("drain: 4 of 4 consumers could not consume; plain consumers tried once more 5 s"
                + " later and received 4000 of the 4000 messages missing");
    }

    @Test
    void whatADrainCouldNotAskForTwiceIsHeldNotLost() throws Exception {
        RunResult r = cell(new UnansweringDriver(-1, 0));

        Accounting a = r.accounting();
        assertThat(a.received()).isZero();
        assertThat(a.lost()).as(a.summary()).isZero();
        assertThat(a.lostConfirmed()).isZero();
        assertThat(a.perProducer()).allSatisfy(p -> assertThat(p.lost()).isZero());
        assertThat(a.held()).isNotNull();
        assertThat(a.held().messages()).isEqualTo(MESSAGES);
        assertThat(a.held().confirmed()).isEqualTo(MESSAGES);
        assertThat(a.held().where()).contains("client 0: 0-999").contains("client 3: 0-999");
        assertThat(a.exact()).isFalse();
        assertThat(r.status()).isEqualTo(Status.BROKER_STOPPED);
        assertThat(r.status().toString()).isEqualTo("BROKER STOPPED");
        assertThat(a.summary()).contains("lost=0 (confirmed 0) held=4000 (confirmed 4000 at [client 0: 0-999;");
        assertThat(errors(r)).anyMatch(e -> e.endsWith("4 of them could not consume either: the 4000 still missing"
                + " are held by a broker that did not answer, not counted as lost"));
        assertThat(Json.mapper().readValue(Json.mapper().writeValueAsString(a), Accounting.class)).isEqualTo(a);
    }

    @Test
    void aMessageMissingOnceTheDrainCouldAskForItIsALoss() throws Exception {
        RunResult r = cell(new UnansweringDriver(4, 100)); // client 0's 1, 101, 201, ... never reach the queue

        Accounting a = r.accounting();
        assertThat(a.lost()).as(a.summary()).isEqualTo(10);
        assertThat(a.lostConfirmed()).isEqualTo(10);
        assertThat(a.held()).isNull();
        assertThat(r.status()).isEqualTo(Status.LOSS);
        assertThat(errors(r)).contains("drain: 4 of 4 consumers could not consume; plain consumers tried once more 5 s"
                + " later and received 3990 of the 4000 messages missing");
    }

    @Test
    void aDrainWhoseConsumersAllConsumedIsNotTriedAgain() throws Exception {
        RunResult r = cell(new UnansweringDriver(0, 100));

        assertThat(r.status()).isEqualTo(Status.LOSS);
        assertThat(errors(r)).noneMatch(e -> e.contains("tried once more"));
    }
}
