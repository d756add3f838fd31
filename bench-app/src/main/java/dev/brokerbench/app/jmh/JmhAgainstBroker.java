package dev.brokerbench.app.jmh;

import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.run.MatrixRunner;
import dev.brokerbench.core.run.Requirements;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.jmh.Target;
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
 * fork), for each of its client paths, only the benchmarks the pair supports. Results: {@code jmh-<broker>.json}
 * (throughput benchmarks) and {@code jmh-<broker>-drain.json} (single-shot drains), each its own JMH run with its own
 * iteration counts.
 */
public final class JmhAgainstBroker implements MatrixRunner.WhileRunning {
    /**
     * How long JMH runs.
     *
     * @param warmupForks forks run first and discarded (they warm the shared broker process; on Artemis async
     *                    publish still rose from 28k to 48k msg/s through the next fork's iterations, so the climb is
     *                    the client JVM's, which only warm-up iterations cure)
     * @param forks       JVM forks per benchmark
     * @param timed       the throughput benchmarks' iterations (publish)
     * @param drains      the drain benchmark's single shots
     * @param payloads    message sizes in bytes
     * @param paths       which of a broker's client paths are benchmarked
     * @param benchmarks  which benchmarks run (each where the path supports it)
     */
    public record Budget(int warmupForks, int forks, Timed timed, Drains drains, List<String> payloads,
                         JmhPaths paths, List<JmhBenchmark> benchmarks) {
    }

    /**
     * Iterations of a throughput benchmark.
     *
     * @param warmups    warm-up iterations
     * @param iterations measured iterations
     * @param seconds    seconds per iteration
     */
    public record Timed(int warmups, int iterations, int seconds) {
    }

    /**
     * Single shots of the drain benchmark. A drain of 20,000 messages lasts a tenth of a second to half a second, and
     * its time varies more from shot to shot (CV 8-24 %) than a 3-second publish iteration's rate (4-14 %), so drains
     * need about twice the samples for the same error; each costs an unmeasured fill besides (15 s on ActiveMQ
     * Classic, whose every send waits for a disk sync).
     *
     * @param warmups warm-up drains
     * @param drains  measured drains
     * @param batch   messages per drain
     */
    public record Drains(int warmups, int drains, int batch) {
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
        out.println("» JMH against " + runtime.broker().displayName() + " (" + groups.values().stream().mapToInt(List::size)
                .sum() + " client paths, " + budget.paths().name().toLowerCase(java.util.Locale.ROOT) + "; "
                + budget.benchmarks() + ")");
        boolean first = true;
        for (Map.Entry<List<JmhBenchmark>, List<DriverFactory>> group : groups.entrySet()) {
            // the first group's files are jmh-<broker>[-drain].json; a group that runs fewer benchmarks gets its
            // paths' ids
            String name = "jmh-" + runtime.broker().id() + (first ? "" : "-" + group.getValue().stream()
                    .map(DriverFactory::id).collect(Collectors.joining("-")));
            first = false;
            String[] targets = group.getValue().stream().map(path -> target(runtime, broker, path))
                    .toArray(String[]::new);
            for (boolean singleShot : new boolean[] {false, true}) {
                List<JmhBenchmark> part = group.getKey().stream().filter(b -> b.singleShot() == singleShot).toList();
                if (part.isEmpty()) {
                    continue;
                }
                Path json = outDir.resolve(name + (singleShot ? "-drain" : "") + ".json");
                ChainedOptionsBuilder o = (singleShot ? drainOptions(json) : timedOptions(json))
                        .param("target", targets);
                part.forEach(b -> o.include(b.include()));
                out.println("  " + part + " on " + group.getValue().stream().map(DriverFactory::id).toList()
                        + " -> " + json.getFileName());
                run(o);
            }
        }
    }

    private ChainedOptionsBuilder timedOptions(Path json) {
        Timed t = budget.timed();
        return options(json).warmupIterations(t.warmups()).measurementIterations(t.iterations())
                .warmupTime(TimeValue.seconds(t.seconds())).measurementTime(TimeValue.seconds(t.seconds()));
    }

    private ChainedOptionsBuilder drainOptions(Path json) {
        Drains d = budget.drains();
        return options(json).warmupIterations(d.warmups()).measurementIterations(d.drains())
                .param("batch", String.valueOf(d.batch()));
    }

    private ChainedOptionsBuilder options(Path json) {
        return new OptionsBuilder()
                .warmupForks(budget.warmupForks())
                .forks(budget.forks())
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
        java.util.Map<dev.brokerbench.core.broker.Protocol, Endpoint> endpoints = new java.util.LinkedHashMap<>();
        runtime.protocols().forEach(p -> endpoints.put(p, broker.endpoint(p)));
        return new Target(runtime.broker().id(), path.id(), path.protocol(), endpoints).param();
    }

    private static boolean supports(BrokerRuntime runtime, DriverFactory path, Capability capability) {
        return Requirements.capabilities(runtime, path).get(capability).supported();
    }
}
