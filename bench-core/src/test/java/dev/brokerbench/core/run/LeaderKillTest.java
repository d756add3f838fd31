package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.Cluster;
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
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A leader kill on a fake three-node cluster: the clients' sends fail while the cluster elects a new leader, then go
 * through again; the silence is measured from the kill, the killed node rejoins before the drain, and a cluster that
 * loses what its dead leader had confirmed is caught.
 */
class LeaderKillTest {
    private static final long ELECTION_MILLIS = 300;

    /** What the fake cluster does to a send made while it has no leader. */
    enum WhileElecting {
        /** The library refuses the send. */
        REFUSE,
        /** The message reaches the queue, but its confirmation fails (async sends only). */
        LOSE_CONFIRMATION
    }

    /** Three nodes; node 1 leads; while it is dead and no other has taken over, sends fail. */
    static final class FailingOverCluster extends LoopbackDriver implements BrokerControl, Cluster {
        private final LoopbackBroker broker;
        private final boolean losesConfirmedOnFailover;
        private final WhileElecting whileElecting;
        private volatile long electedAtNanos = Long.MAX_VALUE;
        private volatile boolean leaderDead;
        /** A few sends past the half of the pass's 6,000 (no warm-up), where the kill is due. */
        private static final long HOLD_AFTER = 3000 + 8;
        private final java.util.concurrent.atomic.AtomicLong taken = new java.util.concurrent.atomic.AtomicLong();
        volatile int kills;
        int rejoins;

        FailingOverCluster(LoopbackBroker broker, boolean losesConfirmedOnFailover, WhileElecting whileElecting) {
            super(broker, false);
            this.broker = broker;
            this.losesConfirmedOnFailover = losesConfirmedOnFailover;
            this.whileElecting = whileElecting;
        }

        private boolean electing() {
            return leaderDead && System.nanoTime() < electedAtNanos;
        }

        @Override
        protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
            if (taken.incrementAndGet() > HOLD_AFTER && kills == 0) {
                // past the pass's half: the kill lands mid-phase however late the fault's thread runs
                long until = System.nanoTime() + 10_000_000_000L;
                while (kills == 0 && System.nanoTime() < until) {
                    LockSupport.parkNanos(100_000);
                }
            }
            if (electing() && whileElecting == WhileElecting.REFUSE) {
                throw new IllegalStateException("connection lost: the leader died, no new leader yet");
            }
            LockSupport.parkNanos(20_000); // a cluster takes time; the kill lands mid-phase
            super.deliver(queue, stamp, payload);
        }

        @Override
        public Publisher publisher(String queue) {
            Publisher delivering = super.publisher(queue);
            return new Publisher() {
                @Override
                public void send(Stamp stamp, byte[] payload) throws Exception {
                    delivering.send(stamp, payload);
                }

                @Override
                public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
                    boolean lost = electing() && whileElecting == WhileElecting.LOSE_CONFIRMATION;
                    delivering.sendAsync(stamp, payload, lost ? new Confirmation() {
                        @Override
                        public void confirmed() {
                            confirmation.failed(new IllegalStateException("connection lost before the confirm"));
                        }

                        @Override
                        public void failed(Throwable cause) {
                            confirmation.failed(cause);
                        }
                    } : confirmation);
                }

                @Override
                public void close() throws Exception {
                    delivering.close();
                }
            };
        }

        @Override
        public Node leaderOf(String queue) {
            return new Node(0, "rabbit-1");
        }

        @Override
        public void kill(Node node) {
            kills++;
            electedAtNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ELECTION_MILLIS);
            leaderDead = true;
            if (losesConfirmedOnFailover) {
                broker.queue("q").clear(); // the new leader never had what the old one confirmed
            }
        }

        @Override
        public void pause(Node node) {
            throw new UnsupportedOperationException("a leader kill pauses nothing");
        }

        @Override
        public void resume(Node node) {
            throw new UnsupportedOperationException("a leader kill pauses nothing");
        }

        @Override
        public long rejoin(Node node) {
            rejoins++;
            return 11;
        }

        @Override
        public void kill() {
            throw new UnsupportedOperationException("the whole cluster is never killed here");
        }

        @Override
        public long restart() {
            throw new UnsupportedOperationException("the whole cluster is never restarted here");
        }

        @Override
        public String recoveryStatement() {
            return null;
        }

        @Override
        public Cluster cluster() {
            return this;
        }
    }

    private static ScenarioRunner.Outcome run(FailingOverCluster cluster, PublishMode mode) throws Exception {
        List<Phase> phases = List.of(new Phase("publish", Action.PUBLISH, mode, true),
                new Phase("drain", Action.CONSUME, null, false));
        Workload w = Workload.of("f", new QueueCase(phases, Fault.killLeader(0.5), null))
                .withMessages(6000, 0).withIdleTimeout(1).withQueue("q");
        return new ScenarioRunner(ProgressListener.NONE, FAST)
                .run(w, CellContext.of(cluster, "failover").withFaults(cluster, null));
    }

    @ParameterizedTest
    @EnumSource(value = PublishMode.class, names = {"SYNC", "ASYNC"})
    void theClientsRideOutTheElectionAndNothingConfirmedIsLost(PublishMode mode) throws Exception {
        FailingOverCluster cluster = new FailingOverCluster(new LoopbackBroker(), false, WhileElecting.REFUSE);
        ScenarioRunner.Outcome out = run(cluster, mode);
        Accounting a = out.measured().accounting();

        assertThat(cluster.kills).isEqualTo(1);
        assertThat(cluster.rejoins).as("the killed node rejoins before the drain").isEqualTo(1);
        assertThat(out.fault().killed()).isEqualTo(Fault.Target.LEADER);
        assertThat(out.fault().node()).isEqualTo("node 1 (rabbit-1)");
        assertThat(out.fault().restartMillis()).hasValue(11);
        assertThat(out.fault().recoveryMillis().orElseThrow()).as("the silence lasts the election")
                .isBetween(ELECTION_MILLIS, ELECTION_MILLIS + 2_000);
        assertThat(a.lostConfirmed()).as(a.summary()).isZero();
        assertThat(a.confirmed()).as("the clients carried on after the failover").isEqualTo(6000);
        assertThat(a.received()).isEqualTo(6000);
    }

    @ParameterizedTest
    @EnumSource(value = PublishMode.class, names = {"SYNC", "ASYNC"})
    void aClusterThatLosesWhatItsDeadLeaderConfirmedIsCaught(PublishMode mode) throws Exception {
        ScenarioRunner.Outcome out = run(new FailingOverCluster(new LoopbackBroker(), true, WhileElecting.REFUSE), mode);
        Accounting a = out.measured().accounting();

        assertThat(a.lostConfirmed()).as(a.summary()).isGreaterThanOrEqualTo(2000);
        assertThat(a.lostConfirmedWhere()).startsWith("client 0: 0-");
    }

    @org.junit.jupiter.api.Test
    void asyncSendsWhoseConfirmationFailedAreSentAgainAndWhatHadArrivedShowsTwice() throws Exception {
        FailingOverCluster cluster = new FailingOverCluster(new LoopbackBroker(), false,
                WhileElecting.LOSE_CONFIRMATION);
        ScenarioRunner.Outcome out = run(cluster, PublishMode.ASYNC);
        Accounting a = out.measured().accounting();

        assertThat(a.confirmed()).as(a.summary()).isEqualTo(6000);
        assertThat(a.failed()).as("every failed confirmation was sent again until confirmed").isZero();
        assertThat(a.received()).isEqualTo(6000);
        assertThat(a.duplicates()).as("each lost confirmation's message had arrived: its resend is a duplicate")
                .isPositive();
        assertThat(a.lostConfirmed()).isZero();
        assertThat(out.fault().recoveryMillis().orElseThrow()).isGreaterThanOrEqualTo(ELECTION_MILLIS);
    }
}
