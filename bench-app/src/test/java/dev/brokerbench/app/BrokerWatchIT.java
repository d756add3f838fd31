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
 * limit, kills it and starts it again on its data; the next cell runs clean and says it ran after a restart. And one
 * stopped or killed in the middle of a cell, caught while the cell runs.
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
        new MatrixRunner(env, listener, "watch", 1.0).run(List.of(artemisC1()), MatrixRunner.WhileRunning.NOTHING,
                new Schedule(2, 7));

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

    /**
     * Artemis stopped with SIGSTOP halfway through its first cell's measured publish, and killed with SIGKILL halfway
     * through its third: each is caught during the cell (at a limit of 3 s), the cell ends BROKER STOPPED with every
     * message it had confirmed taken after the drain started it again, and the cell after each runs clean.
     */
    @Test
    void aBrokerStoppedOrKilledMidCellIsCaughtStartedAgainAndAccounted() throws Exception {
        List<Long> died = new java.util.concurrent.CopyOnWriteArrayList<>();
        RunListener listener = new RunListener() {
            @Override
            public void phaseStarted(String label, long total, java.util.function.LongSupplier done) {
                int cell = results.size();
                if (!label.contains("warm-up") && label.contains(" publish") && (cell == 0 || cell == 2)) {
                    long target = currentPid();
                    Thread signaller = new Thread(() -> {
                        while (done.getAsLong() < total / 2) {
                            sleep(2);
                        }
                        long at = System.nanoTime();
                        signal(target, cell == 0 ? "-STOP" : "-KILL");
                        ProcessHandle.of(target).ifPresent(p -> p.onExit().join());
                        died.add(System.nanoTime() - at);
                    });
                    signaller.setDaemon(true);
                    signaller.start();
                }
            }

            @Override
            public void result(RunResult result) {
                results.add(result);
            }
        };
        BrokerEnvironment env = new BrokerEnvironment(Path.of(System.getProperty("brokerbench.dist.dir")), work,
                Duration.ofSeconds(90), "1g");
        new MatrixRunner(env, listener, "midcell", 1.0).watched(Duration.ofSeconds(3))
                .run(List.of(artemisC1()), MatrixRunner.WhileRunning.NOTHING, new Schedule(4, 7));

        assertThat(results).hasSize(4);
        assertStoppedAndAccounted(results.get(0), "stopped answering during the cell: no answer on its port through"
                + " its protocol for 3 s, its process alive; ");
        assertStoppedAndAccounted(results.get(2), "died during the cell (its process exited); ");
        for (RunResult after : List.of(results.get(1), results.get(3))) {
            assertThat(after.status()).as(after.accounting().summary()).isEqualTo(Status.OK);
            assertThat(after.accounting().exact()).isTrue();
            assertThat(after.caveats()).anySatisfy(c -> assertThat(c).startsWith("ran after a restart of the broker"
                    + " (in artemis/"));
        }
        assertThat(died).as("the stopped broker killed once its silence lasted the limit").hasSize(2)
                .first().satisfies(n -> assertThat(Duration.ofNanos(n)).isGreaterThanOrEqualTo(Duration.ofSeconds(3)));
        System.out.printf("BrokerWatchIT: from the signal to the process's end: stopped %d ms, killed %d ms%n",
                died.get(0) / 1_000_000, died.get(1) / 1_000_000);
    }

    /** Artemis (local) on its first default path, c1 at the integration tests' scale. */
    private static MatrixRunner.Entry artemisC1() throws Exception {
        Catalog catalog = Catalog.load();
        BrokerRuntime artemis = catalog.runtime("artemis", RuntimeKind.LOCAL).orElseThrow();
        Workload c1 = WorkloadCatalog.builtIn().find("c1").orElseThrow()
                .scaled(Double.parseDouble(ItSupport.scale()));
        return new MatrixRunner.Entry(artemis, catalog.defaultPaths(artemis.broker()).subList(0, 1), List.of(c1));
    }

    /** The broker's pid now (the drain starts it again, which the listener does not hear): the JVM run in the work. */
    private long currentPid() {
        return ProcessHandle.current().children().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains(work.toString())).map(ProcessHandle::pid)
                .findFirst().orElseThrow(() -> new IllegalStateException("no broker process under " + work));
    }

    private static void assertStoppedAndAccounted(RunResult r, String why) {
        assertThat(r.status()).as(r.accounting().summary()).isEqualTo(Status.BROKER_STOPPED);
        assertThat(r.brokerStopped()).startsWith(why);
        assertThat(r.accounting().held()).isNull();
        assertThat(r.accounting().silentlyLost()).as(r.accounting().summary()).isZero();
        assertThat(r.accounting().lostConfirmed()).isZero();
        // a send under way at the stop may have reached the broker and its confirmation not the client: refused, found
        assertThat(r.accounting().received()).as(r.accounting().summary()).isBetween(r.accounting().confirmed(),
                r.accounting().confirmed() + r.accounting().failed());
        System.out.printf("BrokerWatchIT: %s: %s; %s%n", r.status(), r.accounting().summary(), r.brokerStopped());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void stop(long pid) {
        signal(pid, "-STOP");
    }

    private static void signal(long pid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", signal, String.valueOf(pid)).inheritIO().start();
            assertThat(kill.waitFor()).isZero();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
