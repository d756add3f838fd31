package dev.brokerbench.app.jmh;

import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.run.MatrixRunner;
import dev.brokerbench.core.run.Requirements;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.jmh.ConsumeBenchmark;
import dev.brokerbench.jmh.PublishBenchmark;
import dev.brokerbench.jmh.Targets;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
     */
    public record Budget(int warmupForks, int forks, int warmupIterations, int iterations, int iterationSeconds, int consumeBatch,
                         List<String> payloads) {
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
        List<String> targets = new ArrayList<>();
        List<DriverFactory> partial = new ArrayList<>();
        for (DriverFactory path : paths) {
            if (supports(runtime, path, Capability.SYNC_CONFIRMED_PUBLISH)
                    && supports(runtime, path, Capability.ASYNC_WINDOWED_PUBLISH)) {
                targets.add(target(runtime, broker, path));
            } else {
                partial.add(path);
            }
        }
        Path json = outDir.resolve("jmh-" + runtime.brokerId() + ".json");
        out.println("» JMH against " + runtime.displayName() + " (" + (targets.size() + partial.size())
                + " client paths) -> " + json.getFileName());
        if (!targets.isEmpty()) {
            run(options(json).include(PublishBenchmark.class.getName() + ".*")
                    .include(ConsumeBenchmark.class.getName() + ".*")
                    .param("target", targets.toArray(String[]::new)));
        }
        for (DriverFactory path : partial) {
            // a pair without both confirmed publish modes runs only what it supports; its file gets a suffix. Each
            // run has options of its own: a parent's includes would be merged in (and run publishAsync here)
            ChainedOptionsBuilder o = options(outDir.resolve("jmh-" + runtime.brokerId() + "-" + path.id() + ".json"))
                    .include(ConsumeBenchmark.class.getName() + ".*")
                    .param("target", target(runtime, broker, path));
            if (supports(runtime, path, Capability.SYNC_CONFIRMED_PUBLISH)) {
                o.include(PublishBenchmark.class.getName() + ".publishSync");
            }
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
