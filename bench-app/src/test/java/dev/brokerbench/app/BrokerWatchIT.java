package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.run.MatrixRunner;
import dev.brokerbench.core.run.RunListener;
import dev.brokerbench.core.run.Schedule;
import dev.brokerbench.core.spi.Catalog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real broker that stops answering between two cells: Artemis (local) is stopped with SIGSTOP the moment its first
 * cell's result is in. Before the next cell the watch finds its process alive and its port silent, says so after its
 * limit, kills it and starts it again on its data; the next cell runs clean and says it ran after a restart.
 */
@Wide
class BrokerWatchIT {
    @TempDir
    Path work;

    private final List<RunResult> results = new ArrayList<>();
    private final List<String> restarts = new ArrayList<>();
    private long pid;

    @Test
    void aStoppedBrokerIsCaughtBetweenCellsRestartedAndTheNextCellRunsClean() throws Exception {
        Catalog catalog = Catalog.load();
        BrokerRuntime artemis = catalog.runtime("artemis", RuntimeKind.LOCAL).orElseThrow();
        Workload c1 = WorkloadCatalog.builtIn().find("c1").orElseThrow()
                .scaled(Double.parseDouble(ItSupport.scale()));
        RunListener listener = new RunListener() {
            @Override
            public void brokerReady(BrokerInfo info, OptionalLong brokerPid) {
                pid = brokerPid.orElseThrow();
            }

            @Override
            public void result(RunResult result) {
                results.add(result);
                if (results.size() == 1) {
                    stop(pid);
                }
            }

            @Override
            public void brokerRestarted(String brokerId, String why, long restartMillis) {
                restarts.add(brokerId + " " + why);
            }
        };
        BrokerEnvironment env = new BrokerEnvironment(Path.of(System.getProperty("brokerbench.dist.dir")), work,
                Duration.ofSeconds(90), "1g");
        long t0 = System.nanoTime();
        new MatrixRunner(env, listener, "watch", 1.0).run(List.of(new MatrixRunner.Entry(artemis,
                catalog.defaultPaths(artemis.broker()).subList(0, 1), List.of(c1))),
                MatrixRunner.WhileRunning.NOTHING, new Schedule(2, 7));

        assertThat(restarts).singleElement().satisfies(r -> assertThat(r).startsWith("artemis before artemis/")
                .contains("stopped answering: no answer on its port through its protocol for 15 s, its process alive",
                        "its GC in the last 60 s: ", "its log ends: "));
        assertThat(results).hasSize(2);
        RunResult after = results.get(1);
        assertThat(after.status()).isEqualTo(Status.OK);
        assertThat(after.accounting().exact()).as(after.accounting().summary()).isTrue();
        assertThat(after.caveats()).anySatisfy(c -> assertThat(c).startsWith("ran after a restart of the broker")
                .contains("killed and started again on its data in "));
        assertThat(results.get(0).caveats()).noneMatch(c -> c.startsWith("ran after a restart"));
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("the stopped process").isFalse();
        System.out.printf("BrokerWatchIT: %s; the run took %d s%n", restarts.get(0),
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0));
    }

    private static void stop(long pid) {
        try {
            Process kill = new ProcessBuilder("kill", "-STOP", String.valueOf(pid)).inheritIO().start();
            assertThat(kill.waitFor()).isZero();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
