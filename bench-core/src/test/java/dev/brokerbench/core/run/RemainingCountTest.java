package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.BrokerCount;
import dev.brokerbench.core.spi.Stamp;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** After a pass that lost messages, the broker's count of the queue tells held-back messages from gone ones. */
class RemainingCountTest {

    /** A fake broker that keeps every 100th message of client 1 on the queue without delivering it. */
    private static final class HoldingDriver extends LoopbackDriver {
        final AtomicLong held = new AtomicLong();

        HoldingDriver() {
            super(new LoopbackBroker(), false);
        }

        @Override
        protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
            if ((stamp.stream() & 0xFFFF) == 1 && stamp.sequence() % 100 == 0) {
                held.incrementAndGet();
                return;
            }
            super.deliver(queue, stamp, payload);
        }

        @Override
        public Optional<BrokerCount> brokerCount(String queue) {
            return Optional.of(new BrokerCount(held.get(), "held by the fake broker"));
        }
    }

    private static ScenarioRunner.Outcome run(LoopbackDriver driver) throws Exception {
        return new ScenarioRunner(ProgressListener.NONE, FAST).run(AccountingTest.workload(PublishMode.ASYNC, 4000),
                CellContext.of(driver, "test"));
    }

    @Test
    void messagesLostToTheConsumersButStillOnTheQueueAreCounted() throws Exception {
        HoldingDriver driver = new HoldingDriver();

        ScenarioRunner.Outcome out = run(driver);

        assertThat(out.measured().accounting().lost()).isEqualTo(10);
        assertThat(out.remaining()).isEqualTo(new BrokerCount(10, "held by the fake broker"));
    }

    @Test
    void aPassThatLostNothingAsksNothing() throws Exception {
        LoopbackDriver asked = new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            public Optional<BrokerCount> brokerCount(String queue) {
                throw new AssertionError("asked after an exact pass");
            }
        };

        assertThat(run(asked).remaining()).isNull();
    }
}
