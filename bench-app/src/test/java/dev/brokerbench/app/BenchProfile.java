package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.process.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * What {@code mvn verify -Pbench} runs (and only then: the name matches no test pattern). The packaged CLI runs the
 * seed matrix on every broker at {@code -Dbench.scale}, {@code -Dbench.repeat} times in a shuffled order, and,
 * against the same broker processes, the JMH benchmarks; its results go to target/bench-results/run, the report to
 * target/bench-report/ (index.html, report.md, results.csv, report.json, charts/); then the regression gate compares
 * the fresh figures with the baseline of baselines/ whose machine calibrated nearest (or, with {@code
 * -Dbench.baseline.runs=N}, with a baseline of N more runs of the same matrix made here: the reduced form CI runs);
 * then the latency curve runs once per broker (target/bench-report/curves/). Every setting is a property of the
 * profile in bench-app/pom.xml; {@code -Pbench,bench-reduced} is the small form.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BenchProfile {
    static final Path REPORT = Path.of(System.getProperty("bench.report.dir", "target/bench-report"));
    /** Results beside the report, never inside it: a report goes into a directory of its own. */
    static final Path RESULTS = REPORT.resolveSibling("bench-results");
    static final Path RUN = RESULTS.resolve("run");
    static final Path BASELINES = Path.of(System.getProperty("bench.baseline", "../baselines"));

    private static String setting(String name, String otherwise) {
        String value = System.getProperty(name, "");
        return value.isBlank() ? otherwise : value;
    }

    /** The packaged CLI in its own JVM, its heap fixed and touched at start as bench power runs it. */
    private static ItSupport.Cli bench(List<String> args) throws Exception {
        return ItSupport.benchProcess(Path.of("."), List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"), args);
    }

    private static ItSupport.Cli bench(String... args) throws Exception {
        return bench(List.of(args));
    }

    /** The matrix as the profile's properties choose it, its results to {@code out}; the gate's runs are these. */
    private static List<String> matrix(Path out) {
        List<String> args = new ArrayList<>(List.of("run", "--runtime", setting("bench.runtime", "local"),
                "--broker", setting("bench.brokers", "all"),
                "--case", setting("bench.cases", "all"),
                "--scale", setting("bench.scale", "0.05"), "--out", out.toString(), "--no-progress",
                "--repeat", setting("bench.repeat", "3"),
                // a round of every cell set aside first, then one warm-up pass per repeat (for its new queue):
                // the repeats no longer climb through the run (docs/findings/findings-2026-11-26-verdicts.md)
                "--warmup-rounds", setting("bench.warmupRounds", "1"),
                "--warmup-seconds", setting("bench.warmupSeconds", "0"),
                "--duration", setting("bench.duration", "2"),
                // steal is recorded; retrying disturbed passes (18 of 84 in one run) would take the profile past
                // 30 minutes on a busy host
                "--steal-retries", setting("bench.stealRetries", "0")));
        if (!setting("bench.slowdown", "").isEmpty()) {
            args.addAll(List.of("--slowdown", setting("bench.slowdown", "")));
        }
        return args;
    }

    /** JMH against the same broker processes, after each broker's cells. */
    private static List<String> jmh() {
        return List.of("--jmh", "--jmh-paths", setting("bench.jmh.paths", "native"),
                "--jmh-benchmarks", setting("bench.jmh.benchmarks", "publishAsync"),
                "--jmh-warmup-forks", setting("bench.jmh.warmupForks", "0"),
                "--jmh-forks", setting("bench.jmh.forks", "1"),
                "--jmh-warmups", setting("bench.jmh.warmups", "2"),
                "--jmh-iterations", setting("bench.jmh.iterations", "5"),
                "--jmh-seconds", setting("bench.jmh.seconds", "2"),
                "--jmh-warmup-drains", setting("bench.jmh.warmupDrains", "20"),
                "--jmh-drains", setting("bench.jmh.drains", "40"),
                "--jmh-batch", setting("bench.jmh.batch", "20000"),
                "--jmh-payloads", setting("bench.jmh.payloads", "0"));
    }

    @Test
    @Order(1)
    void comparison() throws Exception {
        Trees.delete(RESULTS); // results of an earlier profile run under target/ must not mix with this one
        Trees.delete(REPORT);
        List<String> args = matrix(RUN);
        args.addAll(jmh());
        ItSupport.Cli run = bench(args);
        ItSupport.Cli report = bench("report", RUN.toString(), "--out", REPORT.toString());
        assertThat(report.code()).as(report.text()).isEqualTo(BenchCli.EXIT_OK);
        assertThat(REPORT.resolve("index.html")).exists();
        assertThat(run.text()).as("the JMH benchmarks ran against the brokers").contains("JMH");
        assertThat(run.code()).as("bench run: every cell must account for every message; see "
                + REPORT.resolve("index.html")).isEqualTo(BenchCli.EXIT_OK);
    }

    /**
     * {@code bench gate}, as a user runs it: exit 0 passed, 1 regressed, 2 not comparable with any baseline. A gate
     * that could not compare (2) or failed (3) is a failure of the profile, never a skip: the reasons are in gate.txt
     * and the command to add a baseline of this machine with them. With {@code -Dbench.gate.enforce=false} (the
     * reduced form) a regression is written, not failed: what is checked is that the gate judged and wrote its
     * table.
     */
    @Test
    @Order(2)
    void regressionGate() throws Exception {
        Path baseline = BASELINES;
        int runs = Integer.parseInt(setting("bench.baseline.runs", "0"));
        if (runs > 0) {
            baseline = ownBaseline(runs);
        }
        ItSupport.Cli gate = bench("gate", RUN.toString(), "--baseline", baseline.toString());
        dev.brokerbench.core.io.AtomicFiles.write(REPORT.resolve("gate.txt"), gate.text());
        assertThat(gate.code()).as("the gate could not judge this run against " + baseline
                + " (gate.txt says why; -Dbench.baseline.runs=2 makes a baseline of this machine in the profile)")
                .isIn(BenchCli.EXIT_OK, BenchCli.EXIT_PROBLEM);
        assertThat(gate.text()).as("the gate's table").contains("fresh/baseline").containsPattern("gate: (PASSED|FAILED)");
        if (Boolean.parseBoolean(setting("bench.gate.enforce", "true"))) {
            assertThat(gate.code()).as("regression gate; table above and in " + REPORT.resolve("gate.txt"))
                    .isEqualTo(BenchCli.EXIT_OK);
        }
    }

    /** {@code runs} more runs of the same matrix (no JMH), made into a baseline of this machine. */
    private static Path ownBaseline(int runs) throws Exception {
        List<String> args = new ArrayList<>(List.of("baseline"));
        for (int i = 1; i <= runs; i++) {
            Path dir = RESULTS.resolve("baseline-run-" + i);
            ItSupport.Cli run = bench(matrix(dir));
            assertThat(run.code()).as("baseline run " + i + " of " + runs).isEqualTo(BenchCli.EXIT_OK);
            args.add(dir.toString());
        }
        Path file = RESULTS.resolve("baseline.json");
        args.addAll(List.of("--out", file.toString(), "--description", runs + " runs of the profile's matrix, made"
                + " by the profile on this machine"));
        ItSupport.Cli made = bench(args);
        assertThat(made.code()).as(made.text()).isEqualTo(BenchCli.EXIT_OK);
        assertThat(file).exists();
        return file;
    }

    /**
     * The latency curve (case l3) once per broker of {@code -Dbench.curve.brokers} on its default paths and, for
     * ActiveMQ Classic, whose JMS path cannot publish async, on openwire-native-async ({@code -Dbench.curve.native},
     * {@code none} for none); one repeat (each curve is a search and five points), reported under
     * target/bench-report/curves/.
     */
    @Test
    @Order(3)
    void latencyCurves() throws Exception {
        Path curves = REPORT.resolve("curves");
        Trees.delete(curves);
        List<List<String>> runs = new ArrayList<>();
        runs.add(List.of("--broker", setting("bench.curve.brokers", "artemis,rabbitmq,apollo"), "--client", "default"));
        String nativeAsync = setting("bench.curve.native", "activemq");
        if (!nativeAsync.equals("none")) {
            runs.add(List.of("--broker", nativeAsync, "--client", "openwire-native-async"));
        }
        for (int i = 0; i < runs.size(); i++) {
            Path results = RESULTS.resolve("curve-" + (i + 1));
            List<String> args = new ArrayList<>(List.of("run", "--runtime", setting("bench.runtime", "local"),
                    "--case", "l3", "--scale", setting("bench.curve.scale", "0.02"), "--repeat", "1",
                    "--out", results.toString(), "--no-progress"));
            args.addAll(runs.get(i));
            ItSupport.Cli run = bench(args);
            Path report = curves.resolve("report-" + (i + 1));
            ItSupport.Cli written = bench("report", results.toString(), "--out", report.toString());
            assertThat(written.code()).as(written.text()).isEqualTo(BenchCli.EXIT_OK);
            assertThat(run.code()).as("bench run of the latency curve " + runs.get(i)).isEqualTo(BenchCli.EXIT_OK);
            assertThat(Files.readString(report.resolve("report.md"))).as("the curve's table").containsIgnoringCase(
                    "curve");
        }
    }
}
