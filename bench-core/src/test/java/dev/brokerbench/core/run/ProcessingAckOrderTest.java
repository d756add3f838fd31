package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.Processing;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Where a slow consumer's processing time falls against the acknowledgement, as docs/cases.md states it (issue 61
 * §3.7): with the client's own acknowledgement it follows the time spent on the message; with the library's (AUTO)
 * the suite acknowledges nothing itself, the library having done so when it handed the message over.
 */
class ProcessingAckOrderTest {
    private static final long PROCESSING_MILLIS = 20;

    /** A fake broker whose consumers note when each receipt returned and when each acknowledgement came. */
    private static final class TimedDriver extends LoopbackDriver {
        final List<Long> receipts = new CopyOnWriteArrayList<>();
        final List<Long> acks = new CopyOnWriteArrayList<>();

        TimedDriver() {
            super(new LoopbackBroker(), false);
        }

        @Override
        public Consumer consumer(String queue) {
            Consumer inner = super.consumer(queue);
            return new Consumer() {
                @Override
                public void start() throws Exception {
                    inner.start();
                }

                @Override
                public boolean receive(long timeoutMillis, Delivery sink) throws Exception {
                    boolean got = inner.receive(timeoutMillis, sink);
                    if (got) {
                        receipts.add(System.nanoTime());
                    }
                    return got;
                }

                @Override
                public void acknowledge() throws Exception {
                    acks.add(System.nanoTime());
                    inner.acknowledge();
                }

                @Override
                public void close() throws Exception {
                    inner.close();
                }
            };
        }
    }

    private static TimedDriver drained(AckMode ack) throws Exception {
        Workload w = AccountingTest.workload(PublishMode.ASYNC, 20, 1).withAck(ack, 1, null)
                .withProcessing(Processing.parse(PROCESSING_MILLIS + "ms"));
        TimedDriver driver = new TimedDriver();
        ScenarioRunner.Pass pass = LoopbackRun.measured(driver, w);
        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
        return driver;
    }

    @Test
    void withTheClientsAcknowledgementEachAckFollowsTheTimeSpentOnItsMessage() throws Exception {
        TimedDriver d = drained(AckMode.CLIENT);

        assertThat(d.acks).hasSizeGreaterThanOrEqualTo(20);
        for (int i = 0; i < 20; i++) {
            assertThat(d.acks.get(i) - d.receipts.get(i)).as("ack %d after its receipt", i)
                    .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(PROCESSING_MILLIS));
        }
    }

    @Test
    void withTheLibrarysAcknowledgementTheSuiteAcknowledgesNothingItself() throws Exception {
        TimedDriver d = drained(AckMode.AUTO);

        assertThat(d.receipts).hasSize(20);
        assertThat(d.acks).as("AUTO: the library acknowledged on delivery, before the processing time").isEmpty();
    }
}
