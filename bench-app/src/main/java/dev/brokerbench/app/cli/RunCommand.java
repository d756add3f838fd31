package dev.brokerbench.app.cli;

import dev.brokerbench.app.omb.OmbResults;
import dev.brokerbench.app.BenchCli;
import dev.brokerbench.app.catalog.RuntimeChoice;
import dev.brokerbench.app.console.ConsoleListener;
import dev.brokerbench.app.gate.RegressionGate;
import dev.brokerbench.app.jmh.JmhAgainstBroker;
import dev.brokerbench.app.metrics.MetricsEndpoint;
import dev.brokerbench.app.metrics.MetricsListener;
import dev.brokerbench.app.report.ConsoleReport;
import dev.brokerbench.app.report.MarkdownReport;
import dev.brokerbench.app.report.RunRecord;
import dev.brokerbench.app.report.RunSummary;
import dev.brokerbench.app.report.Section;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.CredentialMask;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.io.AtomicFiles;
import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.machine.HarnessReference;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.run.HarnessProbe;
import dev.brokerbench.core.run.MatrixRunner;
import dev.brokerbench.core.run.PassPlan;
import dev.brokerbench.core.run.RunListener;
import dev.brokerbench.core.run.Schedule;
import dev.brokerbench.core.run.ShardRun;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.process.Cleanup;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench run}: brokers x client paths x cases, a JSON file per run, a console and Markdown table. */
@Command(name = "run", mixinStandardHelpOptions = true, resourceBundle = "dev.brokerbench.app.cli.RunHelp",
        description = "Start each broker, run the cases through its client paths, print and store the results.")
public final class RunCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    SelectionOptions selection = new SelectionOptions();

    @Mixin
    MeasurementOptions measurement = new MeasurementOptions();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results directory (default: bench-results/<run id>).")
    Path out;

    @Mixin
    DataOptions data = new DataOptions();

    @Option(names = "--omb-results", paramLabel = "DIR",
            description = "Also writes each live cell in OpenMessaging Benchmark's result format (a series per 10 s"
                    + " and the run's quantiles) into DIR, for OMB's chart and comparison scripts.")
    Path ombResults;

    @Option(names = "--no-progress", description = "No progress bars (they are off anyway without a terminal).")
    boolean noProgress;

    @Mixin
    JmhOptions jmh = new JmhOptions();

    @Mixin
    BrokerOptions brokerOptions;

    @Mixin
    ProviderOptions providerOptions;

    @Mixin
    TlsOptions tlsOptions;

    @Mixin
    MetricsOptions metricsOptions = new MetricsOptions();

    @Mixin
    ShardOptions shardOptions = new ShardOptions();

    /**
     * A run as its options decided it, every option checked: nothing started and nothing written yet.
     *
     * @param runId     names the run (time and a random suffix)
     * @param dir       the results directory
     * @param cases     the cases and the workloads they run as
     * @param catalog   the brokers and client paths, with what --url and --jndi gave
     * @param brokerIds the brokers to start or reach
     * @param clientIds the client paths ('default', 'all' or ids)
     * @param schedule  repeats and their order
     * @param passes    how each cell's passes are warmed up, sized and measured
     * @param sharding  this process's shard of a run; empty for a whole run
     * @param jmh       the JMH benchmarks' budget; null without --jmh
     * @param dataRoot  where local brokers keep their data
     */
    record Plan(String runId, Path dir, SelectionOptions.Cases cases, Catalog catalog, List<String> brokerIds,
                List<String> clientIds, Schedule schedule, PassPlan passes, Optional<ShardRun> sharding,
                JmhAgainstBroker.Budget jmh, Path dataRoot) {
    }

    @Override
    public Integer call() throws Exception {
        dev.brokerbench.app.console.LibraryLog.divert(); // before any library asks SLF4J for a logger
        return execute(plan(spec.commandLine()), System.out);
    }

    /** Checks every option, those that need no broker and no provider before --jndi's provider is looked up. */
    private Plan plan(CommandLine cli) throws java.io.IOException {
        String runId = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + String.format("%04x", new SecureRandom().nextInt(0x10000));
        Path dir = out != null ? out : Path.of("bench-results", runId);
        OutDirectory.requireEmpty(cli, dir, "results of two runs in one directory would be reported as one run."
                + " Choose a new directory");
        if (ombResults != null && (Files.isSymbolicLink(ombResults)
                || Files.exists(ombResults) && !Files.isDirectory(ombResults))) {
            throw new CommandLine.ParameterException(cli, "--omb-results: " + ombResults + " is not a directory");
        }
        measurement.check(cli);
        metricsOptions.validate(cli);
        Optional<ShardRun> sharding = shardOptions.validate(cli, !brokerOptions.urls.isEmpty());
        brokerOptions.validate(cli);
        JmhAgainstBroker.Budget budget = jmh.budget(cli);
        Path dataRoot = data.check(cli, brokerOptions.runtimeKind());
        SelectionOptions.Cases cases = selection.cases(cli);
        if (brokerOptions.runtimeKind().orElse(RuntimeKind.LOCAL) == RuntimeKind.LOCAL && brokerOptions.urls.isEmpty()
                && measurement.durationSeconds == null) { // by --duration, counts follow the warm-up's rate
            DiskNeed.check(cli, selection.scale, cases.workloads(), dataRoot);
        }
        Catalog catalog = brokerOptions.withServersGivenByUrl(providerOptions.apply(cli, Catalog.load()));
        List<String> brokerIds = selection.brokerIds(cli, catalog, cases.calls());
        List<String> clientIds = selection.clientIds(cli, catalog);
        PassPlan passes = measurement.passPlan(cli, sharding, catalog);
        brokerOptions.validateRuntime(cli, catalog,
                brokerIds.stream().filter(id -> catalog.brokerIds().contains(id)).toList(),
                providerOptions.credentials(cli), providerOptions.given(), tlsOptions);
        return new Plan(runId, dir, cases, catalog, brokerIds, clientIds, measurement.schedule(sharding), passes,
                sharding, jmh.enabled ? budget : null, dataRoot);
    }

    private Integer execute(Plan plan, PrintStream console) throws Exception {
        CommandLine cli = spec.commandLine();
        Catalog catalog = plan.catalog();
        // watched before it exists: gone with this JVM even on SIGKILL, before any broker's lifeline watches its own
        // part (calibration, artemis create, a cluster's shared directory)
        Path workRoot = plan.dataRoot().resolve("brokerbench-" + Long.toUnsignedString(new SecureRandom().nextLong()));
        dev.brokerbench.process.lifeline.ExitWatch.removeOnExit(workRoot);
        Cleanup.register(workRoot);
        Files.createDirectory(workRoot, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                "rwx------")));
        BrokerEnvironment env = brokerOptions.environment(workRoot);
        SuiteAffinity.apply(env.cpus());

        List<MatrixRunner.Entry> entries = new ArrayList<>();
        RuntimeChoice runtimes = brokerOptions.runtimeChoice(catalog);
        for (String id : plan.brokerIds()) {
            BrokerRuntime broker = runtimes.choose(id, env, console::println);
            entries.add(new MatrixRunner.Entry(broker, SelectionOptions.paths(catalog, broker, plan.clientIds()),
                    plan.cases().workloads()));
        }
        ProviderOptions.checkMechanism(cli, providerOptions.credentials(cli), entries.stream()
                .flatMap(e -> e.paths().stream().filter(p -> e.runtime().protocols().contains(p.protocol())))
                .toList(), catalog);
        for (MatrixRunner.Entry entry : entries) {
            ExternalCheck.reachable(cli, entry, env);
        }
        Optional<MetricsEndpoint> metrics = metricsOptions.start(cli);
        Path dir = plan.dir();
        ResultStore store = ResultStore.claim(dir);
        Calibration calibration = Calibration.measure(workRoot, Duration.ofSeconds(1));
        Schedule schedule = plan.schedule();
        // what tells a slower harness from a slower machine at the gate, which judges runs of 3 or more repeats
        HarnessReference harness = schedule.repeats() >= RegressionGate.MIN_REPEATS ? HarnessProbe.measure() : null;
        RunSummary summary = new RunSummary();
        console.println("brokerbench run " + plan.runId() + ": " + plan.brokerIds() + " x " + plan.cases().ids()
                + " at scale " + selection.scale + (schedule.repeats() > 1 ? ", " + schedule.repeats() + " repeats" : "")
                + (schedule.warmupRounds() > 0 ? " after " + schedule.warmupRounds() + " warm-up round(s) set aside"
                : "") + ", order seed " + schedule.seed() + " -> " + dir.toAbsolutePath());
        console.println("machine: " + calibration.describe());
        if (harness != null) {
            console.println(harness.describe());
        }
        if (env.cpus().split()) {
            console.println("cores: " + env.cpus().describe());
        }
        metrics.ifPresent(m -> console.println("metrics: http://127.0.0.1:" + m.port() + "/metrics"));
        RunListener listener = new ConsoleListener(console, store, summary, !noProgress && System.console() != null);
        if (metrics.isPresent()) {
            listener = new MetricsListener(listener, metrics.get());
        }
        try {
            new MatrixRunner(env, listener, plan.runId(), selection.scale, measurement.window())
                    .sharded(plan.sharding().orElse(null)).planned(plan.passes())
                    .watched(measurement.brokerSilence())
                    .run(entries, plan.jmh() != null ? new JmhAgainstBroker(dir, plan.jmh(), console)
                            : MatrixRunner.WhileRunning.NOTHING, schedule);
        } finally {
            Cleanup.deleteNow(workRoot);
            metrics.ifPresent(MetricsEndpoint::close);
        }
        List<Section> sections = summary.sections(calibration);
        ConsoleReport.print(console, sections);
        AtomicFiles.write(dir.resolve("summary.md"), CredentialMask.mask(MarkdownReport.runSummary(plan.runId(),
                selection.scale, calibration, sections)));
        AtomicFiles.write(dir.resolve(RunRecord.FILE), Json.mapper().writeValueAsString(new RunRecord(plan.runId(),
                selection.scale, summary.brokers(), summary.missing(), schedule.repeats(), schedule.seed(),
                calibration, harness, schedule.warmupRounds())));
        if (plan.sharding().isPresent()) {
            ShardOptions.write(plan.sharding().get(), dir, console);
        }
        dev.brokerbench.app.console.LibraryLog.keep(dir, console);
        if (ombResults != null) {
            List<Path> omb = OmbResults.write(store, ombResults);
            console.println("OpenMessaging Benchmark results: " + omb.size() + " file(s) in "
                    + ombResults.toAbsolutePath() + (omb.isEmpty() ? " (none of the cells was a live one)" : ""));
        }
        store.complete(plan.runId());
        console.println("results: " + dir.toAbsolutePath());
        return summary.clean() ? BenchCli.EXIT_OK : BenchCli.EXIT_PROBLEM;
    }
}
