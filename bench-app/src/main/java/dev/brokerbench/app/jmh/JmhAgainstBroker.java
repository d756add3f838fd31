package dev.brokerbench.app.jmh;

import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.run.MatrixRunner;
import dev.brokerbench.core.run.Requirements;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.jmh.Targets;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the JMH benchmarks against a broker the matrix runner already started (one broker process per run, not per
 * fork), for each of its client paths, only the benchmarks the pair supports. Results: {@code jmh-<broker>.json}.
 */
public final class JmhAgainstBroker implements MatrixRunner.WhileRunning {
    /**
     * How long JMH runs.
     *
     * @param warmupForks        forks run first and discarded (they warm the shared broker process; on Artemis
     *                           async publish still rose from 28k to 48k msg/s through the next fork's iterations,
     *                           so the climb is the client JVM's, which only warm-up iterations cure)
     * @param forks              JVM forks per benchmark
     * @param warmupIterations   warm-up iterations
     * @param iterations         measured iterations
     * @param iterationSeconds   seconds per publish iteration
     * @param consumeBatch       messages per measured consume drain
     * @param payloads           message sizes in bytes
     * @param paths              which of a broker's client paths are benchmarked
     * @param benchmarks         which benchmarks run (each where the path supports it)
     */
    public record Budget(int warmupForks, int forks, int warmupIterations, int iterations, int iterationSeconds,
                         int consumeBatch, List<String> payloads, JmhPaths paths, List<JmhBenchmark> benchmarks) {
    }

    private final Path outDir;
    private final Budget budget;
    private final PrintStream out;

    public JmhAgainstBroker(Path outDir, Budget budget, PrintStream out) {
        this.outDir = outDir;
        this.budget = budget;
        this.out = out;
    }

    @Override
    public void run(BrokerRuntime runtime, BrokerInstance broker, List<DriverFactory> paths) throws Exception {
        // paths that support the same selected benchmarks run in one JMH run (one file); JMH merges a parent's
        // includes into a child's, so every run gets options of its own
        Map<List<JmhBenchmark>, List<DriverFactory>> groups = new LinkedHashMap<>();
        for (DriverFactory path : paths) {
            if (!budget.paths().includes(runtime, path)) {
                continue;
            }
            List<JmhBenchmark> runnable = budget.benchmarks().stream()
                    .filter(b -> b.needs().map(c -> supports(runtime, path, c)).orElse(true)).toList();
            if (!runnable.isEmpty()) {
                groups.computeIfAbsent(runnable, k -> new ArrayList<>()).add(path);
            }
        }
        out.println("» JMH against " + runtime.displayName() + " (" + groups.values().stream().mapToInt(List::size)
                .sum() + " client paths, " + budget.paths().name().toLowerCase(java.util.Locale.ROOT) + "; "
                + budget.benchmarks() + ")");
        boolean first = true;
        for (Map.Entry<List<JmhBenchmark>, List<DriverFactory>> group : groups.entrySet()) {
            // the first group's file is jmh-<broker>.json; a group that runs fewer benchmarks gets its paths' ids
            Path json = outDir.resolve("jmh-" + runtime.brokerId() + (first ? "" : "-" + group.getValue().stream()
                    .map(DriverFactory::id).collect(Collectors.joining("-"))) + ".json");
            first = false;
            ChainedOptionsBuilder o = options(json).param("target", group.getValue().stream()
                    .map(path -> target(runtime, broker, path)).toArray(String[]::new));
            group.getKey().forEach(b -> o.include(b.include()));
            out.println("  " + group.getKey() + " on " + group.getValue().stream().map(DriverFactory::id).toList()
                    + " -> " + json.getFileName());
            run(o);
        }
    }

    private ChainedOptionsBuilder options(Path json) {
        return new OptionsBuilder()
                .warmupForks(budget.warmupForks())
                .forks(budget.forks())
                .warmupIterations(budget.warmupIterations())
                .measurementIterations(budget.iterations())
                .warmupTime(TimeValue.seconds(budget.iterationSeconds()))
                .measurementTime(TimeValue.seconds(budget.iterationSeconds()))
                .param("batch", String.valueOf(budget.consumeBatch()))
                .param("payloadBytes", budget.payloads().toArray(String[]::new))
                .shouldFailOnError(true)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString());
    }

    /** Runs and fails loudly: a benchmark that threw has no score, and a missing score must not pass unnoticed. */
    private static void run(ChainedOptionsBuilder options) throws RunnerException {
        new Runner(options.build()).run();
    }

    private static String target(BrokerRuntime runtime, BrokerInstance broker, DriverFactory path) {
        Endpoint e = broker.endpoint(path.protocol());
        return Targets.encode(runtime.brokerId(), path.id(), e.protocol(), e.host(), e.port());
    }

    private static boolean supports(BrokerRuntime runtime, DriverFactory path, Capability capability) {
        return Requirements.capabilities(runtime, path).get(capability).supported();
    }
}
