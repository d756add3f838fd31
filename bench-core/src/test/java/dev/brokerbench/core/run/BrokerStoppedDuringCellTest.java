package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Stamp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker that stops in the middle of a cell, on the loopback broker made a process: once client 0 has sent 500
 * messages it stops answering (every send hangs, its handshake unanswered) or its process dies. The watch catches it
 * (at a limit of 1 s), kills a silent one so that the hung sends fail at once, the drain starts it again on its data
 * and takes every message it had confirmed, the cell reads BROKER STOPPED with the evidence, and the next cell on it
 * runs clean and says it ran after a restart.
 */
class BrokerStoppedDuringCellTest {
    private static final long MESSAGES = 4000;
    @TempDir
    Path work;

    private final List<RunResult> results = new ArrayList<>();

    /** How the process stops. */
    private enum State { SERVING, SILENT, DEAD }

    /** The loopback broker as a process that stops once, as {@code stopsAs}; started again it serves what it kept. */
    private static final class Process extends FakeBrokers.Dead {
        private final LoopbackBroker broker = new LoopbackBroker();
        private final State stopsAs;
        private State state = State.SERVING;
        private boolean stoppedOnce;
        private int kills;

        Process(State stopsAs) {
            this.stopsAs = stopsAs;
        }

        synchronized void beforeDelivery(Stamp stamp) {
            if (!stoppedOnce && (stamp.stream() & 0xFFFF) == 0 && stamp.sequence() >= 500) {
                stoppedOnce = true;
                state = stopsAs;
            }
            while (state == State.SILENT) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }
            connected();
        }

        synchronized void connected() {
            if (state == State.DEAD) {
                throw new IllegalStateException("connection refused: the broker's process is gone");
            }
        }

        @Override
        public synchronized boolean alive() {
            return state != State.DEAD;
        }

        @Override
        public synchronized boolean answers() {
            return state == State.SERVING;
        }

        @Override
        public synchronized void kill() {
            kills++;
            state = State.DEAD;
            notifyAll();
        }

        @Override
        public synchronized void restart() {
            state = State.SERVING;
        }

        @Override
        public String log() {
            return "started\n";
        }
    }

    /** A client of {@link Process}: its sends and consumers go through the process's state. */
    private static final class ProcessDriver extends LoopbackDriver {
        private final Process process;

        ProcessDriver(Process process) {
            super(process.broker, false);
            this.process = process;
        }

        @Override
        protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
            process.beforeDelivery(stamp);
            super.deliver(queue, stamp, payload);
        }

        @Override
        public Consumer consumer(String queue) {
            process.connected();
            return super.consumer(queue);
        }
    }

    private void run(Process process) throws Exception {
        Workload workload = AccountingTest.workload(PublishMode.SYNC, MESSAGES);
        RunListener listener = new RunListener() {
            @Override
            public void result(RunResult result) {
                results.add(result);
            }
        };
        new MatrixRunner(new BrokerEnvironment(work, work, Duration.ofSeconds(5), "64m"), listener, "run", 1.0)
                .watched(Duration.ofSeconds(1))
                .run(List.of(new MatrixRunner.Entry(new FakeBrokers.Runtime("stops", Optional::empty, () -> process),
                        List.of(FakeBrokers.path(id -> new ProcessDriver(process))), List.of(workload))),
                        MatrixRunner.WhileRunning.NOTHING, new Schedule(2, 1));
    }

    @Test
    void aBrokerSilentMidCellIsCaughtKilledStartedAgainAndEveryConfirmedMessageAccounted() throws Exception {
        Process process = new Process(State.SILENT);

        run(process);

        RunResult stopped = results.get(0);
        assertThat(stopped.brokerStopped()).startsWith("stopped answering during the cell: no answer on its port"
                + " through its protocol for 1 s, its process alive; its log ends: started");
        assertStartedAgainAndAccounted(stopped);
        assertThat(process.kills).as("by the watch, then by the drain's restart").isEqualTo(2);
        assertNextCellClean("stopped answering during the cell: no answer on its port through its protocol for 1 s,"
                + " its process alive");
    }

    @Test
    void aBrokerWhoseProcessDiesMidCellIsStartedAgainAndEveryConfirmedMessageAccounted() throws Exception {
        run(new Process(State.DEAD));

        RunResult stopped = results.get(0);
        assertThat(stopped.brokerStopped()).isEqualTo("died during the cell (its process exited); its log ends:"
                + " started");
        assertStartedAgainAndAccounted(stopped);
        assertNextCellClean("died during the cell (its process exited)");
    }

    private static void assertStartedAgainAndAccounted(RunResult stopped) {
        Accounting a = stopped.accounting();
        assertThat(stopped.status()).as(a.summary()).isEqualTo(Status.BROKER_STOPPED);
        assertThat(a.confirmed()).as(a.summary()).isGreaterThanOrEqualTo(500).isLessThan(MESSAGES);
        assertThat(a.received()).as("every confirmed message, taken after the restart").isEqualTo(a.confirmed());
        assertThat(a.failed()).as("the send of each client still sending when it stopped, refused").isBetween(1L, 4L);
        assertThat(a.confirmed() + a.failed()).as("each send confirmed or refused").isEqualTo(a.sent());
        assertThat(a.silentlyLost()).isZero();
        assertThat(a.lostConfirmed()).isZero();
        assertThat(a.held()).isNull();
        assertThat(stopped.phases().stream().flatMap(p -> p.errors().stream()))
                .anySatisfy(e -> assertThat(e).contains("killed and started again on its data, plain consumers"
                        + " received " + a.confirmed() + " of the " + a.confirmed() + " messages missing"));
    }

    private void assertNextCellClean(String why) {
        assertThat(results).hasSize(2);
        RunResult next = results.get(1);
        assertThat(next.status()).as(next.accounting().summary()).isEqualTo(Status.OK);
        assertThat(next.brokerStopped()).isNull();
        assertThat(next.accounting().exact()).isTrue();
        assertThat(next.caveats()).contains("ran after a restart of the broker (in stops/fake t's drain: " + why
                + "), killed and started again on its data");
    }
}
