package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Rollback;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.run.FaultyLoopbackDriver.Msg;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Transactions on the in-JVM fake broker, every tenth rolled back on purpose: a rolled-back send is sent again and a
 * rolled-back receipt delivered again, each counted exactly once; a broker that leaks a rolled-back send or drops a
 * rolled-back receipt is caught.
 */
class TransactionTest {
    private static final Rollback EVERY_TENTH = new Rollback(10);

    /** 4 clients, 2000 messages; the publish is {@code fill}, the reported phase {@code reportedPublish}'s. */
    private static Workload workload(PublishMode fill, boolean reportedPublish, AckMode ack) {
        return Workload.of("x", List.of(new Phase("fill", Action.PUBLISH, fill, reportedPublish),
                        new Phase("drain", Action.CONSUME, null, !reportedPublish))).withMessages(2000, 0)
                .withIdleTimeout(1).withQueue("q").withAck(ack, 10, EVERY_TENTH);
    }

    @Test
    void aRolledBackPublishIsSentAgainAndArrivesOnce() throws Exception {
        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false),
                workload(PublishMode.TRANSACTED, true, AckMode.AUTO));
        Accounting a = pass.accounting();

        assertThat(a.exact()).as(a.summary()).isTrue();
        // each client: 50 transactions of 10 commit, the 10th, 20th, ... 50th attempt rolled back (5 x 10 sends)
        assertThat(a.rollbacks().sends()).isEqualTo(4 * 5 * 10);
        assertThat(a.sent()).as("a resent message counts as sent once").isEqualTo(2000);
        assertThat(pass.phases().get(0).completed()).isEqualTo(2000);
        assertThat(pass.phases().get(0).latency().count()).as("a latency per committed message").isEqualTo(2000);
    }

    @Test
    void aRolledBackSendThatStillReachedTheQueueIsADuplicate() throws Exception {
        // a broker that commits what the client rolled back
        LoopbackDriver leaks = new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            public Publisher publisher(String queue, PublishMode mode) {
                Publisher real = publisher(queue);
                return new Publisher() {
                    @Override
                    public void send(Stamp stamp, byte[] payload) throws Exception {
                        real.send(stamp, payload);
                    }

                    @Override
                    public void sendAsync(Stamp stamp, byte[] payload, Confirmation c) throws Exception {
                        real.sendAsync(stamp, payload, c);
                    }

                    @Override
                    public void sendTransacted(Stamp stamp, byte[] payload) throws Exception {
                        real.sendTransacted(stamp, payload);
                    }

                    @Override
                    public void commit() throws Exception {
                        real.commit();
                    }

                    @Override
                    public void rollback() throws Exception {
                        real.commit();
                    }

                    @Override
                    public void close() throws Exception {
                        real.close();
                    }
                };
            }
        };
        Accounting a = LoopbackRun.measured(leaks, workload(PublishMode.TRANSACTED, true, AckMode.AUTO)).accounting();

        assertThat(a.exact()).as(a.summary()).isFalse();
        assertThat(a.duplicates()).isEqualTo(a.rollbacks().sends()).isEqualTo(200);
        assertThat(a.lost()).isZero();
    }

    @Test
    void aRolledBackReceiptIsDeliveredAgainFlaggedAndCountedOnce() throws Exception {
        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false),
                workload(PublishMode.ASYNC, false, AckMode.TRANSACTED));
        Accounting a = pass.accounting();

        assertThat(a.exact()).as(a.summary()).isTrue();
        assertThat(a.rollbacks().receipts()).as("whole transactions of 10").isPositive().matches(n -> n % 10 == 0);
        assertThat(a.redelivered()).as("every rolled-back receipt came back flagged, nothing else")
                .isEqualTo(a.rollbacks().receipts());
        assertThat(pass.phases().get(1).completed()).as("a redelivered message counts once").isEqualTo(2000);
    }

    @Test
    void aRolledBackReceiptTheBrokerNeverDeliversAgainIsLost() throws Exception {
        // a broker that takes a rollback for an acknowledgement: what the consumer gave back is gone
        LoopbackDriver drops = new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            public Consumer consumer(String queue) {
                Consumer real = super.consumer(queue);
                return new Consumer() {
                    @Override
                    public void start() throws Exception {
                        real.start();
                    }

                    @Override
                    public boolean receive(long timeoutMillis, Delivery sink) throws Exception {
                        return real.receive(timeoutMillis, sink);
                    }

                    @Override
                    public void acknowledge() throws Exception {
                        real.acknowledge();
                    }

                    @Override
                    public void rollback() throws Exception {
                        real.acknowledge();
                    }

                    @Override
                    public void close() throws Exception {
                        real.close();
                    }
                };
            }
        };
        Accounting a = LoopbackRun.measured(drops, workload(PublishMode.ASYNC, false, AckMode.TRANSACTED)).accounting();

        assertThat(a.exact()).as(a.summary()).isFalse();
        assertThat(a.lost()).as(a.summary()).isEqualTo(a.rollbacks().receipts()).isPositive();
        assertThat(a.lostConfirmed()).isEqualTo(a.lost());
        assertThat(a.redelivered()).isZero();
    }

    /**
     * Ordering is judged on first deliveries only: what a rollback gave back comes again after later messages (the
     * fake broker puts it back at the tail of the queue), a redelivery accounted as such, not a reordering; a message
     * the broker itself delivered out of its producer's order still is one. One client, so every swap is seen.
     */
    @Test
    void aRolledBackReceiptDeliveredAgainIsNotReorderedButAFirstDeliveryOutOfOrderIs() throws Exception {
        Set<Msg> late = Set.of(new Msg(0, 123), new Msg(0, 456), new Msg(0, 789));
        FaultyLoopbackDriver swaps = new FaultyLoopbackDriver(new LoopbackBroker(), Set.of(), Set.of(), late);

        Accounting a = LoopbackRun.measured(swaps, workload(PublishMode.ASYNC, false, AckMode.TRANSACTED).withClients(1)
                .withMessages(1000, 0)).accounting();

        assertThat(a.exact()).as(a.summary()).isTrue();
        assertThat(a.rollbacks().receipts()).as("rolled back, then delivered again after later messages")
                .isEqualTo(a.redelivered()).isPositive();
        assertThat(a.reordered()).as(a.summary()).isEqualTo(late.size());
        assertThat(a.perConsumer()).extracting(Accounting.ConsumerAccount::reordered).containsExactly(3L);
        assertThat(a.perConsumer()).extracting(Accounting.ConsumerAccount::deliveries)
                .as("every delivery, the redelivered ones included").containsExactly(1000 + a.redelivered());
    }
}
