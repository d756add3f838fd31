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
     * The brokers the integration tests run through the CLI, each once: every registered broker but the variants (a
     * variant differs in one server setting, which the runtime tests and FaultIT check where it matters).
     */
    static List<BrokerDescriptor> brokersOnce() {
        return Catalog.load().brokers().stream().filter(b -> b.variantOf().isEmpty()).toList();
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
