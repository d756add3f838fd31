package dev.brokerbench.app;

import java.util.List;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.broker.BrokerDescriptor;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.brokerbench.brokers.container.DockerEngine;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerRuntime;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/** Settings the build passes to integration tests. */
final class ItSupport {
    private ItSupport() {
    }

    /** Exit code and everything the command printed. */
    record Cli(int code, String text) {
    }

    /** What a run of fault cases on Artemis and RabbitMQ printed, and its results. */
    record FaultRun(Cli cli, java.util.List<dev.brokerbench.core.result.RunResult> results) {
    }

    /**
     * Runs {@code cases} on local Artemis and RabbitMQ (their default paths: Core JMS; amqp-client and rabbitmq-jms)
     * at {@code scaleTimes} the it scale, and checks that each path ran each case once.
     */
    static FaultRun onArtemisAndRabbitMq(java.nio.file.Path out, int scaleTimes, String... cases) throws Exception {
        return onArtemisAndRabbitMqIn("local", out, scaleTimes, cases);
    }

    /** The same on {@code runtime} (local or container). */
    static FaultRun onArtemisAndRabbitMqIn(String runtime, java.nio.file.Path out, int scaleTimes, String... cases)
            throws Exception {
        String scale = new java.math.BigDecimal(scale()).multiply(java.math.BigDecimal.valueOf(scaleTimes))
                .toPlainString();
        Cli cli = bench("run", "--warmup-seconds", "0", "--steal-retries", "0", "--runtime", runtime, "--broker",
                "artemis,rabbitmq", "--case", String.join(",", cases), "--scale", scale, "--out", out.toString(),
                "--heap", "1g", "--no-progress");
        java.util.List<dev.brokerbench.core.result.RunResult> results =
                new dev.brokerbench.core.result.ResultStore(out).readAll();
        java.util.List<String> expected = new java.util.ArrayList<>();
        for (String kase : cases) {
            for (String path : java.util.List.of("artemis/artemis-core-jms", "rabbitmq/rabbitmq-amqp091",
                    "rabbitmq/rabbitmq-jms")) {
                expected.add(path + "/" + kase);
            }
        }
        assertThat(results).as(cli.text()).extracting(r -> r.broker().brokerId() + "/" + r.client().clientPath()
                + "/" + r.workload().name()).containsExactlyInAnyOrderElementsOf(expected);
        return new FaultRun(cli, results);
    }

    /** Runs the CLI in this JVM, capturing what it prints (the run command writes to System.out), and echoes it. */
    static Cli bench(String... args) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        PrintStream original = System.out;
        int code;
        try (PrintStream capture = new PrintStream(stdout, true,
                StandardCharsets.UTF_8)) {
            System.setOut(capture);
            code = BenchCli.execute(capture, capture, args);
        } finally {
            System.setOut(original);
        }
        String text = stdout.toString(StandardCharsets.UTF_8);
        original.println(text);
        return new Cli(code, text);
    }

    /**
     * The packaged CLI in a JVM of its own, as a user runs it ({@code java [jvmOptions] -jar bench.jar args...}) in
     * {@code workDir}: what it prints echoed line by line (the forked test JVM's raw stdout is the test runner's own
     * channel) and returned with its exit code.
     */
    static Cli benchProcess(Path workDir, List<String> jvmOptions, List<String> args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(dev.brokerbench.process.Jvm.javaExecutable()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", benchJar().toAbsolutePath().toString()));
        command.addAll(args);
        Process p = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true).start();
        StringBuilder output = new StringBuilder();
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            lines.lines().forEach(line -> {
                System.out.println(line);
                output.append(line).append('\n');
            });
        }
        if (!p.waitFor(3, java.util.concurrent.TimeUnit.HOURS)) {
            p.destroyForcibly();
            throw new IllegalStateException("bench " + args.get(0) + " did not finish in 3 hours");
        }
        return new Cli(p.exitValue(), output.toString());
    }

    /**
     * The brokers the integration tests run through the CLI, each once: every registered broker but the variants (a
     * variant differs in one server setting, which the runtime tests and FaultIT check where it matters).
     */
    static List<BrokerDescriptor> brokersOnce() {
        return Catalog.load().brokers().stream().filter(b -> b.variantOf().isEmpty()).toList();
    }

    /**
     * Per broker of {@link #brokersOnce()} that runs locally, the client paths to run {@code workload} on: its
     * default paths that can, else the first compatible path that can (ActiveMQ Classic's JMS path has no async
     * publish); a broker with none fails the test.
     */
    static java.util.Map<String, List<String>> pathsByBroker(dev.brokerbench.core.model.Workload workload) {
        return pathsByBroker(workload, java.util.Set.of());
    }

    /**
     * As {@link #pathsByBroker(dev.brokerbench.core.model.Workload)}, but the brokers {@code unable} must have no path
     * that runs the workload (each is left out, saying why); any other broker without one fails the test.
     */
    static java.util.Map<String, List<String>> pathsByBroker(dev.brokerbench.core.model.Workload workload,
                                                             java.util.Set<String> unable) {
        Catalog catalog = Catalog.load();
        BrokerEnvironment env = new BrokerEnvironment(Path.of(System.getProperty("brokerbench.dist.dir")),
                Path.of("."), Duration.ofSeconds(60), "1g");
        java.util.Map<String, List<String>> paths = new java.util.LinkedHashMap<>();
        for (BrokerDescriptor descriptor : brokersOnce()) {
            BrokerRuntime broker = catalog.runtime(descriptor.id(), dev.brokerbench.core.broker.RuntimeKind.LOCAL)
                    .orElseThrow();
            assertThat(broker.unavailableReason(env)).as(descriptor.id()).isEmpty();
            java.util.function.Predicate<dev.brokerbench.core.spi.DriverFactory> runs =
                    p -> dev.brokerbench.core.run.Requirements.unmet(broker, p, workload).isEmpty();
            List<String> able = catalog.defaultPaths(descriptor).stream().filter(runs)
                    .map(dev.brokerbench.core.spi.DriverFactory::id).toList();
            if (able.isEmpty()) {
                able = catalog.compatiblePaths(descriptor).stream().filter(runs)
                        .map(dev.brokerbench.core.spi.DriverFactory::id).limit(1).toList();
            }
            if (unable.contains(descriptor.id())) {
                assertThat(able).as(descriptor.id() + " was expected to have no path that runs " + workload.name())
                        .isEmpty();
                System.out.println(workload.name() + " skips " + descriptor.id() + ": " + catalog.defaultPaths(
                        descriptor).stream().map(p -> p.id() + ": " + dev.brokerbench.core.run.Requirements.unmet(
                        broker, p, workload).orElse("")).toList());
                continue;
            }
            assertThat(able).as("a client path of " + descriptor.id() + " that runs " + workload.name())
                    .isNotEmpty();
            paths.put(descriptor.id(), able);
        }
        return paths;
    }

    /**
     * The cell ended OK with exact accounting: every one of the case's messages sent and received once; returns the
     * cell's name (broker/path/case) for further assertions.
     */
    static String assertEveryMessageOnce(dev.brokerbench.core.result.RunResult r) {
        String cell = r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name();
        dev.brokerbench.core.result.Accounting a = r.accounting();
        assertThat(r.status()).as(cell + ": " + a.summary() + " " + r.reportedPhase().errors())
                .isEqualTo(dev.brokerbench.core.result.Status.OK);
        assertThat(a.exact()).as(cell).isTrue();
        assertThat(a.received()).as(cell).isEqualTo(a.sent()).isEqualTo(r.workload().messages());
        return cell;
    }

    /**
     * Runs case {@code caseId} locally on every broker of {@code paths} through its paths (as few CLI runs as
     * {@link #runsFor} makes), no warm-up, at {@link #scale()} unless {@code more} sets another; asserts every
     * broker x path x cell is there, and each run exits 0, or 1 where a cell of it is not ok (its status is the
     * caller's to judge), and returns the results.
     */
    static List<dev.brokerbench.core.result.RunResult> runEveryBroker(Path tmp, String caseId,
                                                                      java.util.Map<String, List<String>> paths,
                                                                      List<String> cells, String... more)
            throws java.io.IOException {
        List<dev.brokerbench.core.result.RunResult> results = new java.util.ArrayList<>();
        int runs = 0;
        for (PathRun run : runsFor(paths)) {
            Path out = tmp.resolve("run" + runs++);
            List<String> args = new java.util.ArrayList<>(List.of("run", "--warmup-seconds", "0", "--steal-retries",
                    "0", "--runtime", "local", "--case", caseId, "--out", out.toString(), "--heap", "1g"));
            if (!List.of(more).contains("--scale")) {
                args.addAll(List.of("--scale", scale()));
            }
            args.addAll(List.of(more));
            Cli cli = bench(run.args(args.toArray(String[]::new)));
            assertThat(cli.code()).as(cli.text()).isIn(BenchCli.EXIT_OK, BenchCli.EXIT_PROBLEM);
            List<dev.brokerbench.core.result.RunResult> ran = new dev.brokerbench.core.result.ResultStore(out)
                    .readAll();
            boolean notOk = ran.stream().anyMatch(r -> r.status() != dev.brokerbench.core.result.Status.OK);
            assertThat(cli.code()).as(cli.text()).isEqualTo(notOk ? BenchCli.EXIT_PROBLEM : BenchCli.EXIT_OK);
            results.addAll(ran);
        }
        List<String> expected = new java.util.ArrayList<>();
        paths.forEach((broker, ids) -> ids.forEach(id -> cells.forEach(cell -> expected.add(broker + "/" + id
                + "/" + cell))));
        assertThat(results).extracting(r -> r.broker().brokerId() + "/" + r.client().clientPath() + "/"
                + r.workload().name()).containsExactlyInAnyOrderElementsOf(expected);
        return results;
    }

    /**
     * One {@code bench run} of some brokers: those whose default paths are the ones to run (no {@code --client}),
     * or one broker with the path it needs instead.
     */
    record PathRun(List<String> brokers, List<String> clients) {
        /** {@code base} with this run's {@code --broker} and, where needed, {@code --client}. */
        String[] args(String... base) {
            List<String> args = new java.util.ArrayList<>(List.of(base));
            args.addAll(List.of("--broker", String.join(",", brokers)));
            if (!clients.isEmpty()) {
                args.addAll(List.of("--client", String.join(",", clients)));
            }
            return args.toArray(String[]::new);
        }
    }

    /** The fewest runs covering {@link #pathsByBroker}: one for every broker on its default paths, one per other. */
    static List<PathRun> runsFor(java.util.Map<String, List<String>> paths) {
        Catalog catalog = Catalog.load();
        java.util.Map<List<String>, List<String>> runs = new java.util.LinkedHashMap<>();
        paths.forEach((broker, ids) -> {
            BrokerDescriptor d = catalog.brokers().stream().filter(b -> b.id().equals(broker)).findFirst()
                    .orElseThrow();
            boolean defaults = catalog.defaultPaths(d).stream().map(dev.brokerbench.core.spi.DriverFactory::id)
                    .toList().equals(ids);
            runs.computeIfAbsent(defaults ? List.of() : ids, k -> new java.util.ArrayList<>()).add(broker);
        });
        return runs.entrySet().stream().map(e -> new PathRun(e.getValue(), e.getKey())).toList();
    }

    /** {@link #brokersOnce()} as the value of {@code --broker}, with {@code more} ids after them. */
    static String brokersOnceArgument(String... more) {
        List<String> ids = new java.util.ArrayList<>(brokersOnce().stream().map(BrokerDescriptor::id).toList());
        ids.addAll(List.of(more));
        return String.join(",", ids);
    }

    /** How many values the intervals of a histogram log hold, as HdrHistogram's reader reads them. */
    static long loggedLatencies(Path log) throws java.io.IOException {
        long count = 0;
        org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(log.toFile());
        for (org.HdrHistogram.EncodableHistogram h = reader.nextIntervalHistogram(); h != null;
             h = reader.nextIntervalHistogram()) {
            count += ((org.HdrHistogram.Histogram) h).getTotalCount();
        }
        return count;
    }

    /** The message counts of a test run (-Dbrokerbench.it.scale): 1,000 messages for c1, 500 for c2. */
    static String scale() {
        return System.getProperty("brokerbench.it.scale", "0.001");
    }

    /** Twice {@link #scale()}, for the kill cases: a publish long enough to be killed in its middle. */
    static String faultScale() {
        return new java.math.BigDecimal(scale()).multiply(java.math.BigDecimal.valueOf(2)).toPlainString();
    }

    static Path benchJar() {
        String jar = System.getProperty("brokerbench.jar");
        assertThat(jar).as("system property brokerbench.jar (set by the build: run 'mvn verify')").isNotNull();
        return Path.of(jar);
    }

    /**
     * Skips a container test with the reason and how to enable it, or fails when {@code
     * BROKERBENCH_REQUIRE_CONTAINERS=true} (CI) and the broker cannot run in a container.
     */
    static void assumeContainer(BrokerRuntime runtime) {
        Path dist = Path.of(System.getProperty("brokerbench.dist.dir", "."));
        Optional<String> why = runtime.unavailableReason(
                new BrokerEnvironment(dist, dist, Duration.ofSeconds(60), "1g"));
        if (why.isPresent() && DockerEngine.required()) {
            fail("BROKERBENCH_REQUIRE_CONTAINERS=true but " + runtime.broker().displayName() + " cannot run in a container: "
                    + why.get());
        }
        Assumptions.assumeTrue(why.isEmpty(), () -> "SKIPPED " + runtime.broker().displayName() + " in a container: "
                + why.orElseThrow() + ". To run: " + DockerEngine.HOW_TO_ENABLE);
    }
}
