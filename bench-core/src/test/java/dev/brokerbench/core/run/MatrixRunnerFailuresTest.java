package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Support;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker that cannot be asked whether it runs, one whose start throws, and one that died before its cells: each
 * fails its own cells with the reason, at once, and the run goes on; no driver is made for a dead broker.
 */
class MatrixRunnerFailuresTest {
    @TempDir
    Path work;

    private final List<String> said = new ArrayList<>();
    private final AtomicInteger drivers = new AtomicInteger();

    @Test
    void aBrokerThatCannotStartOrDiedFailsItsOwnCellsAndTheRunGoesOn() throws Exception {
        List<MatrixRunner.Entry> entries = List.of(
                entry(new FakeBrokers.Runtime("asks", () -> {
                    throw new IllegalStateException("docker client error");
                }, null)),
                entry(new FakeBrokers.Runtime("throws", Optional::empty, () -> {
                    throw new IllegalStateException("no such image");
                })),
                entry(new FakeBrokers.Runtime("dead", Optional::empty, FakeBrokers.Dead::new)));
        RunListener listener = new RunListener() {
            @Override
            public void brokerFailed(BrokerRuntime broker, Exception error) {
                said.add("failed " + broker.broker().id() + ": " + error.getMessage());
            }

            @Override
            public void cellFailed(String brokerId, String clientPath, Workload workload, String error) {
                said.add("cell " + brokerId + "/" + workload.name() + ": " + error);
            }
        };
        new MatrixRunner(new BrokerEnvironment(work, work, Duration.ofSeconds(5), "64m"), listener, "run", 1.0)
                .run(entries, MatrixRunner.WhileRunning.NOTHING, new Schedule(2, 1));

        assertThat(said).anySatisfy(s -> assertThat(s).startsWith("failed asks: cannot tell whether it can run here")
                .contains("docker client error"));
        assertThat(said).anySatisfy(s -> assertThat(s).startsWith("failed throws: failed to start")
                .contains("no such image"));
        assertThat(said).filteredOn(s -> s.startsWith("cell dead/")).hasSize(2)
                .allSatisfy(s -> assertThat(s).contains("died before this cell", "last words of the broker"));
        assertThat(drivers).as("no driver made for a dead broker").hasValue(0);
    }

    @Test
    void aBrokerThatStoppedAnsweringBetweenCellsIsRestartedOnceAndItsCellsRun() throws Exception {
        Stalled stalled = new Stalled(true);
        Stalled gone = new Stalled(false);
        RunListener listener = new RunListener() {
            @Override
            public void brokerRestarted(String brokerId, String why, long restartMillis) {
                said.add("restarted " + brokerId + " " + why);
            }

            @Override
            public void cellFailed(String brokerId, String clientPath, Workload workload, String error) {
                said.add("cell " + brokerId + ": " + error);
            }
        };
        long t0 = System.nanoTime();
        new MatrixRunner(new BrokerEnvironment(work, work, Duration.ofSeconds(5), "64m"), listener, "run", 1.0)
                .watched(Duration.ofSeconds(1))
                .run(List.of(entry(new FakeBrokers.Runtime("stalled", Optional::empty, () -> stalled)),
                        entry(new FakeBrokers.Runtime("gone", Optional::empty, () -> gone))),
                        MatrixRunner.WhileRunning.NOTHING, new Schedule(2, 1));

        assertThat(said).filteredOn(s -> s.startsWith("restarted")).singleElement().satisfies(s -> assertThat(s)
                .startsWith("restarted stalled before stalled/fake ")
                .contains(": stopped answering: no answer on its port through its protocol for 1 s, its process"
                        + " alive; its log ends: started | still here"));
        assertThat(stalled.kills).as("killed once, before its first cell").hasValue(1);
        assertThat(said).filteredOn(s -> s.startsWith("cell stalled:")).hasSize(2)
                .allSatisfy(s -> assertThat(s).contains("a driver for stalled")); // both cells ran after it
        assertThat(said).filteredOn(s -> s.startsWith("cell gone:")).hasSize(2).allSatisfy(s -> assertThat(s)
                .contains("not run: stopped answering", "started again on its data, it did not come back"));
        assertThat(gone.kills).as("given one restart, then its cells fail at once").hasValue(1);
        assertThat(drivers).as("a driver for each of the restarted broker's cells, none for the other").hasValue(2);
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("each waited about its limit once")
                .isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void aBrokerADrainFoundSilentIsCaughtAtItsRunsLimitAndItsRestartIsReported() throws Exception {
        Stalled stalled = new Stalled(true);
        List<String> recovered = new ArrayList<>();
        AtomicInteger restarts = new AtomicInteger();
        InstanceControl control = new InstanceControl(
                new FakeBrokers.Runtime("stalled", Optional::empty, () -> stalled), stalled, restarts::incrementAndGet,
                null,
                new InstanceControl.Watch(Duration.ofSeconds(1), recovered::add));

        assertThat(control.stoppedAnswering()).hasValueSatisfying(s -> assertThat(s)
                .startsWith("stopped answering: no answer on its port through its protocol for 1 s"));
        assertThat(control.restartStopped()).isEmpty();
        assertThat(stalled.kills).hasValue(1);
        assertThat(restarts).as("the driver told, as after any restart").hasValue(1);
        assertThat(recovered).as("what the run's later cells say").containsExactly(
                "stopped answering: no answer on its port through its protocol for 1 s, its process alive");
    }

    private MatrixRunner.Entry entry(BrokerRuntime runtime) {
        return new MatrixRunner.Entry(runtime, List.of(FakeBrokers.path(brokerId -> {
            drivers.incrementAndGet();
            throw new IllegalStateException("a driver for " + brokerId);
        })), List.of(AccountingTest.workload(PublishMode.SYNC, 100)));
    }

    /** A broker whose process lives and answers nobody; a restart brings it back ({@code comesBack}) or not. */
    private static final class Stalled extends FakeBrokers.Dead {
        private final boolean comesBack;
        private final AtomicInteger kills = new AtomicInteger();
        private boolean answering;

        Stalled(boolean comesBack) {
            this.comesBack = comesBack;
        }

        @Override
        public boolean alive() {
            return true;
        }

        @Override
        public boolean answers() {
            return answering;
        }

        @Override
        public String log() {
            return "started\nstill here\n";
        }

        @Override
        public void kill() {
            kills.incrementAndGet();
        }

        @Override
        public void restart() {
            answering = comesBack;
        }
    }

}
