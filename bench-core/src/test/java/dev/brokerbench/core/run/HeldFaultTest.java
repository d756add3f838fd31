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
import dev.brokerbench.core.spi.Stamp;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * A fake broker that can be paused: while paused it takes no message (each send waits, as on a stopped process). The
 * pause comes at its threshold, lasts as stated, is always ended, and its silence is measured from SIGSTOP.
 */
class HeldFaultTest {
    private static final Duration PAUSE = Duration.ofMillis(400);

    /** Holds every send while paused; {@code failsToPause} throws instead of pausing. */
    static class PausableBroker extends LoopbackDriver implements BrokerControl {
        private final boolean failsToPause;
        private final Object lock = new Object();
        /** The warm-up's 400 sends and a few past the measured pass's 2,000th, where the pause is due. */
        private static final long HOLD_AFTER = 400 + 2000 + 8;
        private final java.util.concurrent.atomic.AtomicLong taken = new java.util.concurrent.atomic.AtomicLong();
        private volatile int attempts;
        /** Whether sends past the half wait for the pause (a pause or a cut, which this fake makes a pause). */
        volatile boolean holdsForPause;
        private boolean paused;
        int pauses;
        int resumes;

        PausableBroker(boolean failsToPause) {
            super(new LoopbackBroker(), false);
            this.failsToPause = failsToPause;
        }

        @Override
        protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
            if (taken.incrementAndGet() > HOLD_AFTER && holdsForPause) {
                // past the measured pass's half: the pause lands mid-phase however late the fault's thread runs
                long until = System.nanoTime() + 10_000_000_000L;
                while (attempts == 0 && System.nanoTime() < until) {
                    java.util.concurrent.locks.LockSupport.parkNanos(100_000);
                }
            }
            synchronized (lock) {
                while (paused) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                }
            }
            java.util.concurrent.locks.LockSupport.parkNanos(20_000); // a broker takes time: the pause lands mid-phase
            super.deliver(queue, stamp, payload);
        }

        @Override
        public void pause() {
            attempts++;
            if (failsToPause) {
                throw new IllegalStateException("kill -s STOP 4242 failed: no such process");
            }
            synchronized (lock) {
                paused = true;
                pauses++;
            }
        }

        @Override
        public void resume() {
            synchronized (lock) {
                paused = false;
                resumes++;
                lock.notifyAll();
            }
        }

        @Override
        public void kill() {
            throw new UnsupportedOperationException("a pause kills nothing");
        }

        @Override
        public long restart() {
            throw new UnsupportedOperationException("a pause restarts nothing");
        }

        @Override
        public String recoveryStatement() {
            return null;
        }

        @Override
        public dev.brokerbench.core.broker.Cluster cluster() {
            throw new UnsupportedOperationException("a single node");
        }
    }

    /** Three nodes, node 2 leading: pausing a node pauses the broker's deliveries only if it is the leader. */
    static final class PausableCluster extends PausableBroker implements Cluster {
        final List<String> calls = new java.util.ArrayList<>();

        PausableCluster() {
            super(false);
        }

        @Override
        public Node leaderOf(String queue) {
            return new Node(1, "rabbit-2");
        }

        @Override
        public void pause(Node node) {
            calls.add("pause " + node.describe());
            if (node.index() == 1) {
                pause();
            }
        }

        @Override
        public void resume(Node node) {
            calls.add("resume " + node.describe());
            resume();
        }

        /** A fake whose cut leader stands still for the clients, as one on a leader's node would see it. */
        @Override
        public dev.brokerbench.core.broker.Undo cut(Node node) {
            calls.add("cut " + node.describe());
            pause();
            return () -> {
                calls.add("heal " + node.describe());
                resume();
            };
        }

        @Override
        public void kill(Node node) {
            throw new UnsupportedOperationException("a pause kills nothing");
        }

        @Override
        public long rejoin(Node node) {
            throw new UnsupportedOperationException("a paused node never left");
        }

        @Override
        public Cluster cluster() {
            return this;
        }
    }

    private static ScenarioRunner.Outcome run(PausableBroker broker, PublishMode mode) throws Exception {
        return run(broker, mode, new Fault.Pause(Fault.Target.BROKER, 0.5, PAUSE));
    }

    private static ScenarioRunner.Outcome run(PausableBroker broker, PublishMode mode, Fault fault)
            throws Exception {
        List<Phase> phases = List.of(new Phase("publish", Action.PUBLISH, mode, true),
                new Phase("drain", Action.CONSUME, null, false));
        Workload w = Workload.of("f", new QueueCase(phases, fault, null))
                .withMessages(4000, 400).withIdleTimeout(1).withQueue("q");
        broker.holdsForPause = fault instanceof Fault.Pause || fault instanceof Fault.Cut;
        return new ScenarioRunner(ProgressListener.NONE, FAST)
                .planned(new PassPlan(new Warmup(Duration.ZERO, Duration.ZERO, 400, 400, 1, 1.0), null))
                .run(w, CellContext.of(broker, "pause").withFaults(broker, null));
    }

    @ParameterizedTest
    @EnumSource(value = PublishMode.class, names = {"SYNC", "ASYNC"})
    void aPausedBrokerStandsStillForTheStatedTimeAndLosesNothing(PublishMode mode) throws Exception {
        PausableBroker broker = new PausableBroker(false);
        ScenarioRunner.Outcome out = run(broker, mode);
        Accounting a = out.measured().accounting();

        assertThat(broker.pauses).as("paused once, in the measured pass only").isEqualTo(1);
        assertThat(broker.resumes).isEqualTo(1);
        assertThat(out.fault().killed()).isEqualTo(Fault.Target.BROKER);
        assertThat(out.fault().countAtKill().orElseThrow()).isBetween(2000L, 3999L);
        assertThat(out.fault().heldMillis().orElseThrow()).isGreaterThanOrEqualTo(PAUSE.toMillis());
        // nothing is confirmed while the broker stands still: the longest silence holds the whole pause
        assertThat(out.fault().silenceMillis().orElseThrow()).as(a.summary())
                .isGreaterThanOrEqualTo(PAUSE.toMillis() * 9 / 10);
        assertThat(out.fault().recoveryMillis()).as("from SIGCONT to the confirmation that ended the silence")
                .isPresent();
        assertThat(out.fault().restartMillis()).as("nothing restarted").isEmpty();
        assertThat(a.exact()).as(a.summary()).isTrue();
        assertThat(a.sent()).isEqualTo(4000);
        assertThat(out.measured().phases().get(0).errors()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = Fault.Form.class, names = {"PAUSE_LEADER", "CUT_LEADER"})
    void theNodeHeldIsTheOneLeadingTheQueueAndItIsNamed(Fault.Form form) throws Exception {
        PausableCluster cluster = new PausableCluster();
        ScenarioRunner.Outcome out = run(cluster, PublishMode.SYNC, form == Fault.Form.PAUSE_LEADER
                ? new Fault.Pause(Fault.Target.LEADER, 0.5, PAUSE) : new Fault.Cut(Fault.Target.LEADER, 0.5, PAUSE));
        Accounting a = out.measured().accounting();

        assertThat(cluster.calls).as("the leader, held once and let go once").containsExactly(
                form == Fault.Form.PAUSE_LEADER ? "pause node 2 (rabbit-2)" : "cut node 2 (rabbit-2)",
                form == Fault.Form.PAUSE_LEADER ? "resume node 2 (rabbit-2)" : "heal node 2 (rabbit-2)");
        assertThat(out.fault().killed()).isEqualTo(Fault.Target.LEADER);
        assertThat(out.fault().node()).isEqualTo("node 2 (rabbit-2)");
        assertThat(out.fault().heldMillis().orElseThrow()).isGreaterThanOrEqualTo(PAUSE.toMillis());
        assertThat(out.fault().silenceMillis().orElseThrow()).as(a.summary())
                .isGreaterThanOrEqualTo(PAUSE.toMillis() * 9 / 10);
        assertThat(out.fault().restartMillis()).as("nothing restarted, nothing rejoined").isEmpty();
        assertThat(a.exact()).as(a.summary()).isTrue();
    }

    /**
     * A broker whose disk was full is started again on its data before the drain, even though its process lived on
     * (RabbitMQ's node did, with a queue that crashed and a log that said nothing of it); a broker whose link was
     * lossy for as long is not.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void aBrokerWhoseDiskWasFullIsStartedAgainBeforeTheDrain(boolean diskFull) throws Exception {
        int[] restarts = {0};
        PausableBroker broker = new PausableBroker(false) {
            @Override
            public dev.brokerbench.core.broker.Undo fillDisk(long leftBytes) {
                return () -> { };
            }

            @Override
            public dev.brokerbench.core.broker.Undo dropPackets(double share) {
                return () -> { };
            }

            @Override
            public long restart() {
                restarts[0]++;
                return 42;
            }
        };
        ScenarioRunner.Outcome out = run(broker, PublishMode.SYNC, diskFull ? new Fault.FillDisk(0.5, PAUSE, 0)
                : new Fault.LossyLink(0.5, PAUSE, 5));

        assertThat(restarts[0]).as("started again").isEqualTo(diskFull ? 1 : 0);
        assertThat(out.fault().restartMillis()).isEqualTo(diskFull ? java.util.OptionalLong.of(42)
                : java.util.OptionalLong.empty());
        assertThat(out.fault().heldMillis()).as("the fault held").isPresent();
        assertThat(out.measured().accounting().exact()).isTrue();
    }

    @Test
    void aPauseThatFailsIsToldAndTheBrokerIsStillContinued() throws Exception {
        PausableBroker broker = new PausableBroker(true);
        ScenarioRunner.Outcome out = run(broker, PublishMode.SYNC);

        assertThat(broker.resumes).as("continued even though the pause failed").isEqualTo(1);
        assertThat(out.fault().heldMillis()).as("no pause to report").isEmpty();
        assertThat(out.fault().silenceMillis()).isEmpty();
        assertThat(out.measured().phases().get(0).errors()).anySatisfy(e -> assertThat(e)
                .contains("fault: it did not begin", "kill -s STOP 4242 failed"));
        assertThat(out.measured().accounting().exact()).isTrue();
    }

    /** Each fault that holds begins on its own call of the broker control, and is ended once. */
    @Test
    void eachHeldFaultBeginsAndEndsByItsOwnCall() {
        for (Fault fault : List.of(new Fault.Cut(Fault.Target.LINK, 0.5, Duration.ofMillis(30)),
                new Fault.LossyLink(0.5, Duration.ofMillis(30), 2.5),
                new Fault.SlowLink(0.5, Duration.ofMillis(30), Duration.ofMillis(20), Duration.ofMillis(5)),
                new Fault.FillDisk(0.5, Duration.ofMillis(30), 20L << 20))) {
            List<String> calls = new java.util.ArrayList<>();
            BrokerControl control = new PausableBroker(false) {
                @Override
                public dev.brokerbench.core.broker.Undo dropPackets(double share) {
                    calls.add("drop " + share);
                    return () -> calls.add("heal");
                }

                @Override
                public dev.brokerbench.core.broker.Undo slowLink(Duration oneWay, Duration jitter) {
                    calls.add("slow " + oneWay.toMillis() + " + " + jitter.toMillis());
                    return () -> calls.add("fast");
                }

                @Override
                public dev.brokerbench.core.broker.Undo fillDisk(long leftBytes) {
                    calls.add("fill leaving " + leftBytes);
                    return () -> calls.add("free");
                }
            };
            ErrorLog errors = new ErrorLog();
            HeldFault held = new HeldFault(fault.held().orElseThrow(), errors);
            long before = System.nanoTime();
            held.run(HeldFault.beginning(fault, control, null));
            assertThat(System.nanoTime() - before).as(fault + " held as stated").isGreaterThanOrEqualTo(30_000_000);
            assertThat(calls).as(fault.toString()).containsExactly(fault.form() == Fault.Form.CUT_LINK
                    ? new String[] {"drop 1.0", "heal"} : fault instanceof Fault.LossyLink
                    ? new String[] {"drop 0.025", "heal"} : fault instanceof Fault.SlowLink
                    ? new String[] {"slow 20 + 5", "fast"} : new String[] {"fill leaving 20971520", "free"});
            assertThat(errors.snapshot()).isEmpty();
            assertThat(held.outcome(new long[0], before, System.nanoTime()).orElseThrow().heldMillis())
                    .isGreaterThanOrEqualTo(30);
        }
    }
}
