package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.EnvironmentInfo;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.run.remote.ConsumerProcesses;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Brokers x client paths x workloads: each broker is started once, every supported (path, workload) cell runs on it
 * in order, and the broker is stopped and its data removed before the next one starts.
 */
public final class MatrixRunner {
    private final BrokerEnvironment environment;
    private final RunListener listener;
    private final String runId;
    private final double scale;
    private final RateWindow window;

    public MatrixRunner(BrokerEnvironment environment, RunListener listener, String runId, double scale) {
        this(environment, listener, runId, scale, RateWindow.DEFAULT);
    }

    /** @param window how every phase's rate windows are cut */
    public MatrixRunner(BrokerEnvironment environment, RunListener listener, String runId, double scale,
                        RateWindow window) {
        this.environment = environment;
        this.listener = listener;
        this.runId = runId;
        this.scale = scale;
        this.window = window;
    }

    /**
     * One broker and the paths and workloads to run on it.
     *
     * @param broker    how to start the broker
     * @param paths     client paths to drive it with
     * @param workloads workloads at scale 1 (the runner scales them)
     */
    public record Entry(BrokerRuntime broker, List<DriverFactory> paths, List<Workload> workloads) {
    }

    /** Work done against a broker after its cells and before it stops (e.g. JMH against the same process). */
    @FunctionalInterface
    public interface WhileRunning {
        WhileRunning NOTHING = (runtime, broker, paths) -> {
        };

        void run(BrokerRuntime runtime, BrokerInstance broker, List<DriverFactory> paths) throws Exception;
    }

    public void run(List<Entry> entries) throws InterruptedException {
        run(entries, WhileRunning.NOTHING);
    }

    public void run(List<Entry> entries, WhileRunning whileRunning) throws InterruptedException {
        EnvironmentInfo env = EnvironmentInfo.current();
        for (Entry entry : entries) {
            Optional<String> unavailable = entry.broker().unavailableReason(environment);
            if (unavailable.isPresent()) {
                listener.brokerSkipped(entry.broker(), unavailable.get());
                continue;
            }
            listener.brokerStarting(entry.broker());
            try (BrokerInstance broker = entry.broker().start(environment)) {
                listener.brokerReady(broker.info(), broker.pid());
                for (DriverFactory path : entry.paths()) {
                    for (Workload workload : entry.workloads()) {
                        for (Workload cell : workload.points()) {
                            runCell(entry.broker(), broker, path, cell.scaled(scale), env);
                        }
                    }
                }
                try {
                    whileRunning.run(entry.broker(), broker, entry.paths());
                } catch (InterruptedException e) {
                    throw e;
                } catch (Exception e) {
                    listener.cellFailed(entry.broker().brokerId(), "*", entry.workloads().get(0),
                            "after the cells: " + ErrorLog.describe(e));
                }
            } catch (BrokerStartException e) {
                listener.brokerFailed(entry.broker(), e);
            }
        }
    }

    /** How long a fault waits for the broker's log to state what it recovered at the restart. */
    private static final java.time.Duration RECOVERY_STATEMENT_WAIT = java.time.Duration.ofSeconds(10);

    private static BrokerControl control(BrokerRuntime runtime, BrokerInstance broker) {
        return new BrokerControl() {
            private int statementsBeforeRestart;

            @Override
            public void kill() {
                broker.kill();
            }

            @Override
            public long restart() throws BrokerStartException {
                statementsBeforeRestart = BrokerLog.count(broker.log(), runtime.recoveryStatement());
                broker.restart();
                return broker.info().startToReadyMillis();
            }

            /** Waits a while for it: a broker may write its log behind (RabbitMQ's reaches the file seconds later). */
            @Override
            public String recoveryStatement() {
                Optional<java.util.regex.Pattern> statement = runtime.recoveryStatement();
                if (statement.isEmpty()) {
                    return null;
                }
                long deadline = System.nanoTime() + RECOVERY_STATEMENT_WAIT.toNanos();
                Optional<String> said;
                while ((said = BrokerLog.statementAfter(broker.log(), statementsBeforeRestart, statement)).isEmpty()
                        && System.nanoTime() < deadline) {
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return null;
                    }
                }
                return said.orElse(null);
            }
        };
    }

    private void runCell(BrokerRuntime runtime, BrokerInstance broker, DriverFactory path, Workload workload,
                         EnvironmentInfo env) throws InterruptedException {
        Optional<String> unmet = Requirements.unmet(runtime, path, workload);
        if (unmet.isPresent()) {
            listener.unsupported(runtime.brokerId(), path.id(), workload, unmet.get());
            return;
        }
        Instant started = Instant.now();
        java.util.Map<String, Integer> pressureBefore = BrokerLog.counts(broker.log(), runtime.pressureSignals());
        String label = runtime.brokerId() + "/" + path.id() + " " + workload.name();
        try (Driver driver = path.create(runtime.brokerId(), broker.endpoint(path.protocol()), workload.clientSpec())) {
            ScenarioRunner.Outcome outcome = workload.calls()
                    ? new ScenarioRunner(listener, window).runCalls(workload, driver, broker.pid(), label)
                    : new ScenarioRunner(listener, window).run(workload, driver, broker.pid(), label,
                    Requirements.setupModes(runtime, path), control(runtime, broker), new ConsumerProcesses(path.id(),
                            runtime.brokerId(), broker.endpoint(path.protocol()), workload.clientSpec()));
            ScenarioRunner.Pass warmup = outcome.warmup();
            listener.result(new RunResult(RunResult.SCHEMA, runId, started, scale, workload, broker.info(),
                    driver.info(), env, warmup == null ? List.of() : warmup.phases(),
                    warmup == null ? null : warmup.accounting(), outcome.measured().phases(),
                    outcome.measured().accounting(), List.of(), outcome.fault(), outcome.measured().rpc(),
                    Requirements.caveats(runtime, path, workload),
                    BrokerLog.pressureSince(broker.log(), pressureBefore, runtime.pressureSignals())));
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            listener.cellFailed(runtime.brokerId(), path.id(), workload, ErrorLog.describe(e));
        }
    }
}
