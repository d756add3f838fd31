package dev.brokerbench.app.cli;

import dev.brokerbench.app.BenchCli;
import dev.brokerbench.app.catalog.RuntimeChoice;
import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.app.console.ConsoleListener;
import dev.brokerbench.app.jmh.JmhAgainstBroker;
import dev.brokerbench.app.jmh.JmhBenchmark;
import dev.brokerbench.app.jmh.JmhPaths;
import dev.brokerbench.app.report.ConsoleReport;
import dev.brokerbench.app.report.MarkdownReport;
import dev.brokerbench.app.report.RunRecord;
import dev.brokerbench.app.report.RunSummary;
import dev.brokerbench.app.report.Section;
import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.brokers.container.DockerEngine;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.CredentialMask;
import dev.brokerbench.core.io.AtomicFiles;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.experiment.Slowdown;
import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.machine.HarnessReference;
import dev.brokerbench.app.gate.RegressionGate;
import dev.brokerbench.core.run.HarnessProbe;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.run.MatrixRunner;
import dev.brokerbench.core.run.PassPlan;
import dev.brokerbench.core.run.RunListener;
import dev.brokerbench.core.run.Schedule;
import dev.brokerbench.core.run.ShardRun;
import dev.brokerbench.core.run.StealRetry;
import dev.brokerbench.core.run.Warmup;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.process.Cleanup;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine;

/** {@code bench run}: brokers x client paths x cases, a JSON file per run, a console and Markdown table. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Start each broker, run the cases through its client paths, print and store the results.")
public final class RunCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--broker", defaultValue = "all", paramLabel = "IDS",
            description = "Comma-separated broker ids or 'all' (default: ${DEFAULT-VALUE}); see 'bench list'.")
    String brokers;

    @Option(names = "--client", defaultValue = "default", paramLabel = "IDS",
            description = "Client paths: 'default' (each broker's own protocol), 'all' (every compatible path), or"
                    + " comma-separated ids (default: ${DEFAULT-VALUE}).")
    String clients;

    @Option(names = "--case", defaultValue = "all", paramLabel = "IDS",
            description = "Comma-separated cases (c1..c6 or 1..6, f1.., r1.., o1.., b1) or groups: 'all' (the seed"
                    + " matrix c1..c6), 'faults' (kill -9 of a broker, a cluster's leading node or a consumer), 'rpc' (request/reply and one-way"
                    + " sweeps), 'acks' (batched acks), 'live' (live cases and the latency curve l3),"
                    + " 'topics' (fan-out to 1, 4 and 16 subscribers), 'selectors' (consumers with a selector),"
                    + " 'transactions' (transacted publish and consume, rollbacks) (default: ${DEFAULT-VALUE}).")
    String cases;

    @Option(names = "--sweep", paramLabel = "VAR=VALUES",
            description = "Replaces the values of the selected cases' sweeps over VAR (payloadBytes, clients,"
                    + " messages, ratePercent, subscribers, matchingPercent or ackBatch), e.g. --sweep payloadBytes=1,1024,4096 or payloadBytes=32..4096/32;"
                    + " repeatable.")
    List<String> sweeps = new ArrayList<>();

    @Option(names = "--scale", defaultValue = "0.01", paramLabel = "FACTOR",
            description = "Multiplies every message count; 1 = the published 1,000,000 / 500,000 (default:"
                    + " ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--warmup-rounds", defaultValue = "0", paramLabel = "N",
            description = "Rounds of every cell before the reported repeats, measured and set aside (0..10), so that"
                    + " the first reported repeat does not meet brokers and a suite still compiling or filling their"
                    + " caches; the first such round also sizes the cell's passes (default: ${DEFAULT-VALUE}).")
    int warmupRounds;

    @Option(names = "--repeat", defaultValue = "1", paramLabel = "N",
            description = "Runs every cell N times (1..100), the cells of all brokers interleaved in a shuffled order;"
                    + " each cell is reported as the geometric mean of its repeats with its 95 %% interval (Student's t"
                    + " on log rates) and ranked by Welch's t-test on log rates. 3 or more to rank (default:"
                    + " ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--duration", paramLabel = "SECONDS",
            description = "Sizes every measured phase to last about this long (1..3600): its message count is the"
                    + " last warm-up pass's rate times SECONDS, so a slow sync case and a fast async case both get"
                    + " enough time; without it the counts are the published ones times --scale.")
    Integer durationSeconds;

    @Option(names = "--warmup-seconds", defaultValue = "3", paramLabel = "SECONDS",
            description = "Each cell warms up in passes until its reported phase ran at least this long and 5,000"
                    + " messages in one pass and its rate was steady (halves within 10 %%), at most 4 passes and"
                    + " 4 x SECONDS in all (each pass sized to fit the time left; a broker / path's first cell in a"
                    + " run, still compiling, at least 8 x and at most 12 x); the result records how long it"
                    + " took and whether it was steady. 0: a single pass of the case's warm-up count times"
                    + " --scale, for tests and quick checks (0..600, default: ${DEFAULT-VALUE}).")
    int warmupSeconds;

    @Mixin
    StealOptions steal = new StealOptions();

    @Option(names = "--slowdown", paramLabel = "PATH=FRACTION", hidden = true,
            description = "Test-only: holds the measured clients of one client path to 1 - FRACTION of the rate of"
                    + " the cell's last warm-up pass (0 < FRACTION <= 0.9), to show the regression gate catches a real"
                    + " regression; each result of that path carries a caveat saying so.")
    String slowdown;

    @Option(names = "--seed", paramLabel = "LONG",
            description = "Seed of the shuffled order of the cells (default: a new one per run, recorded in run.json"
                    + " and every result).")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results directory (default: bench-results/<run id>).")
    Path out;

    @Option(names = "--workloads", paramLabel = "DIR",
            description = "Extra workload YAML files; they replace built-in ones of the same name.")
    Path workloadDir;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where local brokers keep their data (a fresh directory per run is made inside it and"
                    + " removed after); its disk decides sync-publish figures (default: the system temp directory).")
    Path dataDir;

    @Option(names = "--allow-tmpfs", description = "Run brokers with their data on tmpfs/ramfs, where fsync does"
            + " nothing: persistent figures then measure memory, not durability (refused without this).")
    boolean allowTmpfs;

    @Option(names = "--window-min-ms", defaultValue = "100", paramLabel = "MILLIS",
            description = "Rate windows (min/mean/max) hold at least 1000 completions AND last at least this long,"
                    + " so a library's batched confirmations or deliveries cannot make a window microseconds long;"
                    + " 0 = count only (default: ${DEFAULT-VALUE}).")
    long windowMinMillis;

    @Option(names = "--no-progress", description = "No progress bars (they are off anyway without a terminal).")
    boolean noProgress;

    @Option(names = "--jmh", description = "After each broker's cells, run the JMH benchmarks against the same broker"
            + " process (results: jmh-<broker>.json and jmh-<broker>-drain.json in the results directory).")
    boolean jmh;

    @Option(names = "--jmh-forks", defaultValue = "1", description = "JMH forks (default: ${DEFAULT-VALUE}).")
    int jmhForks;

    @Option(names = "--jmh-warmup-forks", defaultValue = "0", description = "JMH forks run first and discarded:"
            + " they warm the broker (its JIT, journal files) for the measured forks (default: ${DEFAULT-VALUE}).")
    int jmhWarmupForks;

    @Option(names = "--jmh-warmups", defaultValue = "1",
            description = "JMH warm-up iterations of the publish benchmarks (default: ${DEFAULT-VALUE}).")
    int jmhWarmups;

    @Option(names = "--jmh-iterations", defaultValue = "3",
            description = "JMH measured iterations of the publish benchmarks (default: ${DEFAULT-VALUE}).")
    int jmhIterations;

    @Option(names = "--jmh-seconds", defaultValue = "5",
            description = "Seconds per JMH publish iteration (default: ${DEFAULT-VALUE}).")
    int jmhSeconds;

    @Option(names = "--jmh-warmup-drains", defaultValue = "3",
            description = "Warm-up drains of the JMH drain benchmark (default: ${DEFAULT-VALUE}).")
    int jmhWarmupDrains;

    @Option(names = "--jmh-drains", defaultValue = "5", description = "Measured drains of the JMH drain benchmark,"
            + " each a single shot of --jmh-batch messages (default: ${DEFAULT-VALUE}).")
    int jmhDrains;

    @Option(names = "--jmh-batch", defaultValue = "5000",
            description = "Messages per JMH drain (default: ${DEFAULT-VALUE}).")
    int jmhBatch;

    @Option(names = "--jmh-payloads", defaultValue = "0,10240", paramLabel = "BYTES",
            description = "Message sizes the JMH benchmarks run with (default: ${DEFAULT-VALUE}).")
    String jmhPayloads;

    @Option(names = "--jmh-paths", defaultValue = "native",
            description = "Which client paths JMH benchmarks, ${COMPLETION-CANDIDATES}: native = each broker's standard"
                    + " paths over its own protocol (fewer targets, longer runs each), all = every selected path"
                    + " (default: ${DEFAULT-VALUE}).")
    JmhPaths jmhPaths;

    @Option(names = "--jmh-benchmarks", defaultValue = "publishSync,publishAsync,drain", paramLabel = "LIST",
            description = "Which JMH benchmarks run, each where the client path supports it (default: ${DEFAULT-VALUE}).")
    String jmhBenchmarks;

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

    @Override
    public Integer call() throws Exception {
        CommandLine cli = spec.commandLine();
        PrintStream console = System.out;
        dev.brokerbench.app.console.LibraryLog.divert(); // before any library asks SLF4J for a logger
        String runId = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + String.format("%04x", new java.security.SecureRandom().nextInt(0x10000));
        Path dir = out != null ? out : Path.of("bench-results", runId);
        OutDirectory.requireEmpty(cli, dir, "results of two runs in one directory would be reported as one run."
                + " Choose a new directory");
        OptionRange.check(cli, "--window-min-ms", windowMinMillis, 0, 60_000);
        OptionRange.check(cli, "--repeat", repeats, 1, Schedule.MAX_REPEATS);
        OptionRange.check(cli, "--warmup-rounds", warmupRounds, 0, Schedule.MAX_WARMUP_ROUNDS);
        OptionRange.check(cli, "--warmup-seconds", warmupSeconds, 0, 600);
        if (durationSeconds != null) {
            OptionRange.check(cli, "--duration", durationSeconds, 1, 3600);
        }
        metricsOptions.validate(cli);
        java.util.Optional<ShardRun> sharding = shardOptions.validate(cli, !brokerOptions.urls.isEmpty());
        StealRetry stealRetry = sharding.isPresent() ? StealRetry.NONE : steal.retry(cli);
        Warmup warmup = sharding.isPresent() ? Warmup.SINGLE_PASS : Warmup.forSeconds(warmupSeconds);
        // the shards of a run shuffle the cells alike
        Schedule schedule = new Schedule(repeats, seed != null ? seed : sharding.isPresent()
                ? sharding.get().shard().group().hashCode() : new java.security.SecureRandom().nextLong(),
                warmupRounds);
        brokerOptions.validate(cli);
        JmhAgainstBroker.Budget budget = jmhBudget(cli);
        Path dataRoot = DataRoot.check(cli, dataDir, allowTmpfs);
        java.util.Optional<RuntimeKind> kind = brokerOptions.runtimeKind();
        if (brokerOptions.cpuSplit().split() && kind.orElse(null) != RuntimeKind.LOCAL) {
            throw new ParameterException(cli, "--cpus split places local broker processes: use it with --runtime"
                    + " local");
        }
        java.util.Optional<String> volumeFs = kind.isEmpty() || kind.get() == RuntimeKind.CONTAINER
                ? DockerEngine.volumesInMemory() : java.util.Optional.empty();
        if (volumeFs.isPresent() && !allowTmpfs) {
            throw new ParameterException(cli, "--runtime: the Docker engine keeps volumes on " + volumeFs.get()
                    + ", where fsync does nothing and persistent figures would measure memory; move its data-root,"
                    + " use --runtime local with --data-dir on a disk, or pass --allow-tmpfs to run there anyway");
        }
        WorkloadCatalog workloads = workloadDir == null ? WorkloadCatalog.builtIn()
                : WorkloadCatalog.builtIn().with(workloadDir);
        List<String> caseIds = Selection.parse(cli, "--case", cases, workloads.names(), numbers(workloads),
                workloads.groups());
        List<Workload> selected = SweepOption.apply(cli, sweeps,
                caseIds.stream().map(id -> workloads.find(id).orElseThrow()).distinct().toList());
        ScaleOption.check(cli, scale, selected);
        // every option that needs no broker and no provider is checked before --jndi's provider is looked up
        Catalog catalog = brokerOptions.withServersGivenByUrl(providerOptions.apply(cli, Catalog.load()));
        boolean calls = selected.stream().anyMatch(Workload::calls);
        List<String> targets = new ArrayList<>(catalog.brokerIds());
        targets.addAll(catalog.baselineIds());
        List<String> all = new ArrayList<>(catalog.brokerIds());
        if (calls) {
            all.addAll(catalog.baselineIds()); // the ceiling for request/reply
        }
        List<String> brokerIds = Selection.parse(cli, "--broker", brokers, targets, List.of(),
                java.util.Map.of("all", all, "baselines", catalog.baselineIds()));
        List<String> clientIds = clients.equals("default") || clients.equals("all") ? List.of(clients)
                : Selection.parse(cli, "--client", clients, catalog.pathIds(), List.of("default"));

        Slowdown slowed = slowdown == null ? null : slowdown(cli, catalog);
        brokerOptions.validateRuntime(cli, catalog,
                brokerIds.stream().filter(id -> catalog.brokerIds().contains(id)).toList(),
                providerOptions.credentials(cli), providerOptions.given(), tlsOptions);
        // watched before it exists: gone with this JVM even on SIGKILL, before any broker's lifeline watches its own
        // part (calibration, artemis create, a cluster's shared directory)
        Path workRoot = dataRoot.resolve("brokerbench-" + Long.toUnsignedString(
                new java.security.SecureRandom().nextLong()));
        dev.brokerbench.process.lifeline.ExitWatch.removeOnExit(workRoot);
        Cleanup.register(workRoot);
        Files.createDirectory(workRoot, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        BrokerEnvironment env = brokerOptions.environment(workRoot);
        SuiteAffinity.apply(env.cpus());

        List<MatrixRunner.Entry> entries = new ArrayList<>();
        RuntimeChoice runtimes = brokerOptions.runtimeChoice(catalog);
        for (String id : brokerIds) {
            BrokerRuntime broker = runtimes.choose(id, env, console::println);
            entries.add(new MatrixRunner.Entry(broker, paths(catalog, broker, clientIds), selected));
        }

        ProviderOptions.checkMechanism(cli, providerOptions.credentials(cli), entries.stream()
                .flatMap(e -> e.paths().stream().filter(p -> e.runtime().protocols().contains(p.protocol())))
                .toList(), catalog);
        for (MatrixRunner.Entry entry : entries) {
            ExternalCheck.reachable(cli, entry, env);
        }
        java.util.Optional<dev.brokerbench.app.metrics.MetricsEndpoint> metrics = metricsOptions.start(cli);
        ResultStore store = ResultStore.claim(dir);
        Calibration calibration = Calibration.measure(workRoot, Duration.ofSeconds(1));
        // what tells a slower harness from a slower machine at the gate, which judges runs of 3 or more repeats
        HarnessReference harness = repeats >= RegressionGate.MIN_REPEATS ? HarnessProbe.measure() : null;
        RunSummary summary = new RunSummary();
        boolean bars = !noProgress && System.console() != null;
        console.println("brokerbench run " + runId + ": " + brokerIds + " x " + caseIds + " at scale " + scale
                + (repeats > 1 ? ", " + repeats + " repeats" : "")
                + (warmupRounds > 0 ? " after " + warmupRounds + " warm-up round(s) set aside" : "") + ", order seed " + schedule.seed() + " -> "
                + dir.toAbsolutePath());
        console.println("machine: " + calibration.describe());
        if (harness != null) {
            console.println(harness.describe());
        }
        if (env.cpus().split()) {
            console.println("cores: " + env.cpus().describe());
        }
        metrics.ifPresent(m -> console.println("metrics: http://127.0.0.1:" + m.port() + "/metrics"));
        RunListener listener = new ConsoleListener(console, store, summary, bars);
        if (metrics.isPresent()) {
            listener = new dev.brokerbench.app.metrics.MetricsListener(listener, metrics.get());
        }
        try {
            new MatrixRunner(env, listener, runId, scale,
                    new RateWindow(RateWindow.DEFAULT.completions(), Duration.ofMillis(windowMinMillis)))
                    .sharded(sharding.orElse(null))
                    .planned(new PassPlan(warmup, durationSeconds == null ? null : Duration.ofSeconds(durationSeconds),
                            slowed, stealRetry))
                    .run(entries,
                    jmh ? new JmhAgainstBroker(dir, budget, console) : MatrixRunner.WhileRunning.NOTHING, schedule);
        } finally {
            Cleanup.deleteNow(workRoot);
            metrics.ifPresent(dev.brokerbench.app.metrics.MetricsEndpoint::close);
        }
        List<Section> sections = summary.sections(calibration);
        ConsoleReport.print(console, sections);
        AtomicFiles.write(dir.resolve("summary.md"), CredentialMask.mask(MarkdownReport.runSummary(runId, scale,
                calibration, sections)));
        AtomicFiles.write(dir.resolve(RunRecord.FILE), dev.brokerbench.core.result.Json.mapper()
                .writeValueAsString(new RunRecord(runId, scale, summary.brokers(), summary.missing(),
                        schedule.repeats(), schedule.seed(), calibration, harness, schedule.warmupRounds())));
        if (sharding.isPresent()) {
            ShardOptions.write(sharding.get(), dir, console);
        }
        dev.brokerbench.app.console.LibraryLog.keep(dir, console);
        store.complete(runId);
        console.println("results: " + dir.toAbsolutePath());
        return summary.clean() ? BenchCli.EXIT_OK : BenchCli.EXIT_PROBLEM;
    }

    private Slowdown slowdown(CommandLine cli, Catalog catalog) {
        String[] parts = slowdown.split("=", -1);
        try {
            if (parts.length == 2 && catalog.pathIds().contains(parts[0])) {
                return new Slowdown(parts[0], Double.parseDouble(parts[1]));
            }
        } catch (IllegalArgumentException e) {
            // a fraction that is no number or out of range: said below
        }
        throw new ParameterException(cli, "--slowdown: " + slowdown + " is not PATH=FRACTION, PATH one of "
                + catalog.pathIds() + ", 0 < FRACTION <= 0.9 (e.g. artemis-core-jms=0.2)");
    }

    private JmhAgainstBroker.Budget jmhBudget(CommandLine cli) {
        OptionRange.check(cli, "--jmh-forks", jmhForks, 0, 10);
        OptionRange.check(cli, "--jmh-warmup-forks", jmhWarmupForks, 0, 10);
        OptionRange.check(cli, "--jmh-warmups", jmhWarmups, 0, 100);
        OptionRange.check(cli, "--jmh-iterations", jmhIterations, 1, 100);
        OptionRange.check(cli, "--jmh-seconds", jmhSeconds, 1, 600);
        OptionRange.check(cli, "--jmh-warmup-drains", jmhWarmupDrains, 0, 1000);
        OptionRange.check(cli, "--jmh-drains", jmhDrains, 1, 1000);
        OptionRange.check(cli, "--jmh-batch", jmhBatch, 100, 10_000_000);
        if (!jmhPayloads.matches("(0|[1-9][0-9]{0,7})(,(0|[1-9][0-9]{0,7}))*")) {
            throw new ParameterException(cli, "--jmh-payloads: '" + jmhPayloads + "' is not a comma-separated list of"
                    + " byte counts, e.g. 0,10240");
        }
        List<JmhBenchmark> benchmarks = new ArrayList<>();
        for (String name : jmhBenchmarks.split(",", -1)) {
            JmhBenchmark b = JmhBenchmark.named(name.trim()).orElseThrow(() -> new ParameterException(cli,
                    "--jmh-benchmarks: unknown value '" + name.trim() + "'; allowed: "
                            + java.util.Arrays.stream(JmhBenchmark.values()).map(String::valueOf)
                            .collect(java.util.stream.Collectors.joining(", "))));
            if (!benchmarks.contains(b)) {
                benchmarks.add(b);
            }
        }
        return new JmhAgainstBroker.Budget(jmhWarmupForks, jmhForks,
                new JmhAgainstBroker.Timed(jmhWarmups, jmhIterations, jmhSeconds),
                new JmhAgainstBroker.Drains(jmhWarmupDrains, jmhDrains, jmhBatch),
                List.of(jmhPayloads.split(",")), jmhPaths, List.copyOf(benchmarks));
    }

    private static List<String> numbers(WorkloadCatalog workloads) {
        return workloads.names().stream().filter(n -> n.matches("c\\d+")).map(n -> n.substring(1)).toList();
    }

    private static List<DriverFactory> paths(Catalog catalog, BrokerRuntime broker, List<String> clientIds) {
        if (clientIds.equals(List.of("default"))) {
            return catalog.defaultPaths(broker.broker());
        }
        if (clientIds.equals(List.of("all"))) {
            return catalog.compatiblePaths(broker.broker()).stream()
                    .filter(p -> broker.protocols().contains(p.protocol())).toList();
        }
        return clientIds.stream().map(id -> catalog.path(id).orElseThrow()).toList();
    }
}
