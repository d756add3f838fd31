package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.spi.Stamp;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A fake broker that can be killed: the fault fires at its threshold and the accounting tells durable from not. */
class FaultTest {

    /** Refuses sends while down; optionally forgets what it held at the kill (a broker that lies about durability). */
    static final class KillableBroker extends LoopbackDriver implements BrokerControl {
        private final LoopbackBroker broker;
        private final boolean losesQueueOnKill;
        /** The warm-up's 400 sends and a few past the measured pass's 2,000th, where the kill is due. */
        private static final long HOLD_AFTER = 400 + 2000 + 8;
        private final java.util.concurrent.atomic.AtomicLong taken = new java.util.concurrent.atomic.AtomicLong();
        private volatile boolean down;
        volatile int kills;

        KillableBroker(LoopbackBroker broker, boolean losesQueueOnKill) {
            super(broker, false);
            this.broker = broker;
            this.losesQueueOnKill = losesQueueOnKill;
        }

        @Override
        protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
            boolean held = false;
            if (taken.incrementAndGet() > HOLD_AFTER && kills == 0) {
                // past the measured pass's half: the kill lands mid-phase however late the fault's thread runs, and
                // the sends it held are in flight at the kill (whether or not the restart came before they woke)
                long until = System.nanoTime() + 10_000_000_000L;
                while (kills == 0 && System.nanoTime() < until) {
                    java.util.concurrent.locks.LockSupport.parkNanos(100_000);
                }
                held = kills > 0;
            }
            if (down || held) {
                throw new IllegalStateException("connection lost: broker killed");
            }
            java.util.concurrent.locks.LockSupport.parkNanos(20_000); // a broker takes time
            super.deliver(queue, stamp, payload);
        }

        @Override
        public void kill() {
            down = true;
            kills++;
            if (losesQueueOnKill) {
                broker.queue("q").clear();
            }
        }

        @Override
        public long restart() {
            down = false;
            return 7;
        }

        @Override
        public String recoveryStatement() {
            return losesQueueOnKill ? "recovered 0 queues" : null;
        }

        @Override
        public dev.brokerbench.core.broker.Cluster cluster() {
            throw new UnsupportedOperationException("a single node");
        }
    }

    private static ScenarioRunner.Outcome run(KillableBroker broker, PublishMode mode) throws Exception {
        List<Phase> phases = List.of(new Phase("publish", Action.PUBLISH, mode, true),
                new Phase("drain", Action.CONSUME, null, false));
        Workload w = Workload.of("f", new QueueCase(phases, Fault.killBroker(0.5), null))
                .withMessages(4000, 400).withIdleTimeout(1).withQueue("q");
        // one warm-up pass of the workload's 400 messages: the warm-up's accounting is what this test checks
        return new ScenarioRunner(ProgressListener.NONE, FAST)
                .planned(new PassPlan(new Warmup(java.time.Duration.ZERO, java.time.Duration.ZERO, 400, 400, 1, 1.0), null))
                .run(w, CellContext.of(broker, "fault").withFaults(broker, null));
    }

    @ParameterizedTest
    @EnumSource(value = PublishMode.class, names = {"SYNC", "ASYNC"}) // what a broker confirmed
    void aDurableBrokerKilledMidPublishLosesNothingItConfirmed(PublishMode mode) throws Exception {
        KillableBroker broker = new KillableBroker(new LoopbackBroker(), false);
        ScenarioRunner.Outcome out = run(broker, mode);
        Accounting a = out.measured().accounting();

        assertThat(broker.kills).as("killed once, in the measured pass only").isEqualTo(1);
        assertThat(out.fault().countAtKill().orElseThrow()).isGreaterThanOrEqualTo(2000);
        assertThat(out.fault().restartMillis()).hasValue(7);
        assertThat(out.fault().recoveryMillis()).as("no reconnecting clients, nothing to time").isEmpty();
        assertThat(out.fault().brokerRecovery()).isNull();
        assertThat(a.lostConfirmed()).isZero();
        assertThat(a.received()).isEqualTo(a.confirmed());
        assertThat(a.sent()).isLessThan(4000).isGreaterThanOrEqualTo(2000);
        assertThat(a.lost()).as("sends in flight at the kill: one per client at most").isBetween(1L, 4L);
        assertThat(a.failed()).isEqualTo(a.lost());
        assertThat(out.warmup().accounting().exact()).isTrue();
    }

    @ParameterizedTest
    @EnumSource(value = PublishMode.class, names = {"SYNC", "ASYNC"})
    void aBrokerThatForgetsConfirmedMessagesIsCaught(PublishMode mode) throws Exception {
        ScenarioRunner.Outcome out = run(new KillableBroker(new LoopbackBroker(), true), mode);
        Accounting a = out.measured().accounting();

        assertThat(a.lostConfirmed()).as(a.summary()).isGreaterThanOrEqualTo(2000);
        assertThat(a.received()).isLessThan(a.confirmed());
        assertThat(out.fault().brokerRecovery()).as("what the broker said at its restart is kept")
                .isEqualTo("recovered 0 queues");
        assertThat(a.lostConfirmedWhere()).as("the loss starts at the first message").startsWith("client 0: 0-");
    }
}
