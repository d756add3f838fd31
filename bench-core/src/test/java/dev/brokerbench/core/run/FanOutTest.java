package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Topic;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting.SubscriberAccount;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.spi.Stamp;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.Test;

/** A topic's fan-out on the in-JVM fake broker: every subscriber is owed every message, and is accounted apart. */
class FanOutTest {

    /** One publisher (async) to {@code subscribers} subscriptions of topic "t", {@code messages} messages. */
    private static Workload topic(int subscribers, boolean durable, long messages) {
        return new Workload("t", "t", "t", null, 1, messages, 0, 16, null, dev.brokerbench.core.model.RandomBytes.ALL, true,
                Workload.PARITY_PUBLISH_WINDOW,
                Workload.PARITY_PREFETCH, dev.brokerbench.core.model.AckMode.AUTO, 1,
                dev.brokerbench.core.model.Processing.NONE, 0, 1,
                new LiveCase(new Phase("live", Action.LIVE, PublishMode.ASYNC, true), new Topic(subscribers, durable),
                        null), null, null, null, "topics");
    }

    /** Drops or doubles one message (by sequence) on its way to one subscription only. */
    private static final class OneSubscriberFault extends LoopbackDriver {
        private final LoopbackBroker broker;
        private final String subscription;
        private final long sequence;
        private final boolean duplicate;

        OneSubscriberFault(LoopbackBroker broker, String subscription, long sequence, boolean duplicate) {
            super(broker, false);
            this.broker = broker;
            this.subscription = subscription;
            this.sequence = sequence;
            this.duplicate = duplicate;
        }

        @Override
        protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
            boolean chosen = queue == broker.queue(subscription) && stamp.sequence() == sequence;
            if (!chosen || duplicate) {
                super.deliver(queue, stamp, payload);
            }
            if (chosen && duplicate) {
                queue.add(new Envelope(stamp, payload, true));
            }
        }
    }

    @Test
    void everySubscriberReceivesEveryMessageOnce() throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(broker, false), topic(4, true, 2000));

        Accounting a = pass.accounting();
        assertThat(a.exact()).as(a.summary()).isTrue();
        assertThat(a.received()).as("deliveries owed: 2000 messages x 4 subscribers").isEqualTo(8000);
        assertThat(a.perSubscriber()).extracting(SubscriberAccount::received).containsExactly(2000L, 2000L, 2000L,
                2000L);
        PhaseResult publishers = pass.phases().get(0);
        PhaseResult subscribers = pass.phases().get(1);
        assertThat(publishers.completed()).isEqualTo(2000);
        assertThat(subscribers.completed()).as("first receipts of every subscriber").isEqualTo(8000);
        assertThat(subscribers.endToEnd().count()).isEqualTo(8000);
        assertThat(broker.subscriptions("t")).as("each subscription ended with its consumer").isEmpty();
    }

    @Test
    void oneSubscriberMissingOneMessageIsCaughtOnThatSubscriber() throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        Accounting a = LoopbackRun.measured(new OneSubscriberFault(broker, "t.sub-2", 7, false),
                topic(4, false, 2000)).accounting();

        assertThat(a.exact()).as(a.summary()).isFalse();
        assertThat(a.lost()).isEqualTo(1);
        assertThat(a.lostConfirmed()).isEqualTo(1);
        assertThat(a.received()).isEqualTo(7999);
        assertThat(a.perSubscriber()).filteredOn(s -> !s.exact()).singleElement()
                .satisfies(s -> {
                    assertThat(s.subscriber()).isEqualTo(2);
                    assertThat(s.lost()).isEqualTo(1);
                    assertThat(s.received()).isEqualTo(1999);
                });
        assertThat(a.summary()).startsWith("owed to 4 subscribers: ").contains("subscriber 2: received=1999 lost=1");
    }

    @Test
    void aDuplicateToOneSubscriberIsNotMistakenForAnotherSubscribersCopy() throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        Accounting a = LoopbackRun.measured(new OneSubscriberFault(broker, "t.sub-0", 500, true),
                topic(2, false, 1000)).accounting();

        assertThat(a.duplicates()).as(a.summary()).isEqualTo(1);
        assertThat(a.lost()).isZero();
        assertThat(a.perSubscriber()).extracting(SubscriberAccount::duplicates).containsExactly(1L, 0L);
    }
}
