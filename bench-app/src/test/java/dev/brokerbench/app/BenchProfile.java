package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.Trees;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * What {@code mvn verify -Pbench} runs (and only then: the name matches no test pattern). The packaged CLI runs the
 * seed matrix on every broker at {@code -Dbench.scale}, {@code -Dbench.repeat} times in a shuffled order, and,
 * against the same broker processes, the JMH benchmarks;
 * the report goes to target/bench-report/ (index.html, report.md, results.csv, report.json, charts/); then the
 * regression gate compares the fresh figures with the baseline in baselines/ whose machine calibrated nearest; then
 * the latency curve runs once per broker (target/bench-report/curves/).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BenchProfile {
    static final Path REPORT = Path.of(System.getProperty("bench.report.dir", "target/bench-report"));
    static final Path RESULTS = REPORT.resolve("results");
    static final Path BASELINES = Path.of(System.getProperty("bench.baseline", "../baselines"));

    private static ItSupport.Cli bench(String... args) throws Exception {
        return bench(List.of(), args);
    }

    /**
     * The packaged CLI in its own JVM (what a user runs), its output echoed line by line and returned with its exit
     * code; {@code bench args... extra...}: {@code extra} (e.g. the gate experiment's slowdown) after the arguments.
     */
    private static ItSupport.Cli bench(List<String> extra, String... args) throws Exception {
        // the suite's own heap fixed and touched at start, as bench power runs it: no heap growth in a measured phase
        List<String> command = new ArrayList<>(List.of(Jvm.javaExecutable(), "-Xms2g", "-Xmx2g",
                "-XX:+AlwaysPreTouch", "-jar", ItSupport.benchJar().toString()));
        command.addAll(List.of(args));
        command.addAll(extra);
        // through System.out line by line: the forked test JVM's raw stdout is the test runner's own channel
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder output = new StringBuilder();
        try (var lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            lines.lines().forEach(line -> {
                System.out.println(line);
                output.append(line).append('\n');
            });
        }
        if (!p.waitFor(3, TimeUnit.HOURS)) {
            p.destroyForcibly();
            throw new IllegalStateException("bench " + args[0] + " did not finish in 3 hours");
        }
        return new ItSupport.Cli(p.exitValue(), output.toString());
    }

    @Test
    @Order(1)
    void comparison() throws Exception {
        Trees.delete(RESULTS); // results of an earlier profile run under target/ must not mix with this one
        List<String> slowdown = System.getProperty("bench.slowdown", "").isEmpty() ? List.of()
                : List.of("--slowdown", System.getProperty("bench.slowdown"));
        ItSupport.Cli run = bench(slowdown, "run", "--runtime", System.getProperty("bench.runtime", "local"),
                "--broker", System.getProperty("bench.brokers", "all"),
                "--case", System.getProperty("bench.cases", "all"),
                "--scale", System.getProperty("bench.scale", "0.05"), "--out", RESULTS.toString(), "--no-progress",
                "--repeat", System.getProperty("bench.repeat", "3"),
                // a round of every cell set aside first, then one warm-up pass per repeat (for its new queue):
                // the repeats no longer climb through the run (docs/findings/findings-2026-11-26-verdicts.md)
                "--warmup-rounds", System.getProperty("bench.warmupRounds", "1"),
                "--warmup-seconds", System.getProperty("bench.warmupSeconds", "0"),
                "--duration", System.getProperty("bench.duration", "2"),
                // steal is recorded; retrying disturbed passes (18 of 84 in one run) would take the profile past
                // 30 minutes on a busy host
                "--steal-retries", System.getProperty("bench.stealRetries", "0"),
                "--jmh", "--jmh-paths", System.getProperty("bench.jmh.paths", "native"),
                "--jmh-benchmarks", System.getProperty("bench.jmh.benchmarks", "publishAsync"),
                "--jmh-warmup-forks", System.getProperty("bench.jmh.warmupForks", "0"),
                "--jmh-forks", System.getProperty("bench.jmh.forks", "1"),
                "--jmh-warmups", System.getProperty("bench.jmh.warmups", "2"),
                "--jmh-iterations", System.getProperty("bench.jmh.iterations", "5"),
                "--jmh-seconds", System.getProperty("bench.jmh.seconds", "2"),
                "--jmh-warmup-drains", System.getProperty("bench.jmh.warmupDrains", "20"),
                "--jmh-drains", System.getProperty("bench.jmh.drains", "40"),
                "--jmh-batch", System.getProperty("bench.jmh.batch", "20000"),
                "--jmh-payloads", System.getProperty("bench.jmh.payloads", "0"));
        ItSupport.Cli report = bench("report", RESULTS.toString(), "--out", REPORT.toString());
        assertThat(report.code()).as(report.text()).isEqualTo(BenchCli.EXIT_OK);
        assertThat(REPORT.resolve("index.html")).exists();
        assertThat(run.code()).as("bench run: every cell must account for every message; see "
                + REPORT.resolve("index.html")).isEqualTo(BenchCli.EXIT_OK);
    }

    /**
     * The latency curve (case l3) once per broker, on each broker's default paths and, for ActiveMQ Classic, whose
     * JMS path cannot publish async, openwire-native-async; one repeat (each curve is a search and five points),
     * reported under target/bench-report/curves/.
     */
    @Test
    @Order(3)
    void latencyCurves() throws Exception {
        Path curves = REPORT.resolve("curves");
        Trees.delete(curves);
        List<List<String>> runs = List.of(
                List.of("--broker", System.getProperty("bench.curve.brokers", "artemis,rabbitmq,apollo"),
                        "--client", "default"),
                List.of("--broker", "activemq", "--client", "openwire-native-async"));
        for (int i = 0; i < runs.size(); i++) {
            Path results = curves.resolve("results-" + (i + 1));
            List<String> args = new ArrayList<>(List.of("run", "--runtime", System.getProperty("bench.runtime",
                    "local"), "--case", "l3", "--scale", System.getProperty("bench.curve.scale", "0.02"), "--repeat", "1",
                    "--out", results.toString(), "--no-progress"));
            args.addAll(runs.get(i));
            ItSupport.Cli run = bench(args.toArray(String[]::new));
            ItSupport.Cli report = bench("report", results.toString(), "--out",
                    curves.resolve("report-" + (i + 1)).toString());
            assertThat(report.code()).as(report.text()).isEqualTo(BenchCli.EXIT_OK);
            assertThat(run.code()).as("bench run of the latency curve " + runs.get(i)).isEqualTo(BenchCli.EXIT_OK);
        }
    }

    /** {@code bench gate}, as a user runs it: exit 0 passed, 1 regressed, 2 not comparable with any baseline. */
    @Test
    @Order(2)
    void regressionGate() throws Exception {
        ItSupport.Cli gate = bench("gate", RESULTS.toString(), "--baseline", BASELINES.toString());
        dev.brokerbench.core.io.AtomicFiles.write(REPORT.resolve("gate.txt"), gate.text());
        // a run no baseline's machine resembles is not a regression: said, and the test aborted (Maven prints
        // only "Skipped: 1" for it, so the reasons are on the console above and in gate.txt)
        Assumptions.assumeTrue(gate.code() != BenchCli.EXIT_USAGE, "SKIPPED the regression gate: " + gate.text());
        assertThat(gate.code()).as("regression gate; table above and in " + REPORT.resolve("gate.txt"))
                .isEqualTo(BenchCli.EXIT_OK);
    }
}
