package dev.brokerbench.app.cli;

import dev.brokerbench.app.jmh.JmhAgainstBroker;
import dev.brokerbench.app.jmh.JmhBenchmark;
import dev.brokerbench.app.jmh.JmhPaths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code bench run}'s options for the JMH benchmarks run against each broker after its cells. */
final class JmhOptions {
    @Option(names = "--jmh", description = "After each broker's cells, run the JMH benchmarks against the same broker"
            + " process (results: jmh-<broker>.json and jmh-<broker>-drain.json in the results directory).")
    boolean enabled;

    @Option(names = "--jmh-forks", paramLabel = "N", defaultValue = "1", description = "JMH forks (0..10, default: ${DEFAULT-VALUE}).")
    int forks;

    @Option(names = "--jmh-warmup-forks", paramLabel = "N", defaultValue = "0", description = "JMH forks run first and discarded:"
            + " they warm the broker (its JIT, journal files) for the measured forks (0..10, default:"
            + " ${DEFAULT-VALUE}).")
    int warmupForks;

    @Option(names = "--jmh-warmups", paramLabel = "N", defaultValue = "1",
            description = "JMH warm-up iterations of the publish benchmarks (0..100, default: ${DEFAULT-VALUE}).")
    int warmups;

    @Option(names = "--jmh-iterations", paramLabel = "N", defaultValue = "3",
            description = "JMH measured iterations of the publish benchmarks (1..100, default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--jmh-seconds", paramLabel = "SECONDS", defaultValue = "5",
            description = "Seconds per JMH publish iteration (1..600, default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--jmh-warmup-drains", paramLabel = "N", defaultValue = "3",
            description = "Warm-up drains of the JMH drain benchmark (0..1000, default: ${DEFAULT-VALUE}).")
    int warmupDrains;

    @Option(names = "--jmh-drains", paramLabel = "N", defaultValue = "5", description = "Measured drains of the JMH drain benchmark,"
            + " each a single shot of --jmh-batch messages (1..1000, default: ${DEFAULT-VALUE}).")
    int drains;

    @Option(names = "--jmh-batch", paramLabel = "MESSAGES", defaultValue = "5000",
            description = "Messages per JMH drain (100..10000000, default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--jmh-payloads", defaultValue = "0,10240", paramLabel = "BYTES",
            description = "Message sizes the JMH benchmarks run with (default: ${DEFAULT-VALUE}).")
    String payloads;

    @Option(names = "--jmh-paths", defaultValue = "native", paramLabel = "PATHS",
            description = "Which client paths JMH benchmarks, ${COMPLETION-CANDIDATES}: native = each broker's standard"
                    + " paths over its own protocol (fewer targets, longer runs each), all = every selected path"
                    + " (default: ${DEFAULT-VALUE}).")
    JmhPaths paths;

    @Option(names = "--jmh-benchmarks", defaultValue = "publishSync,publishAsync,drain", paramLabel = "LIST",
            description = "Which JMH benchmarks run, each where the client path supports it (default: ${DEFAULT-VALUE}).")
    String benchmarks;

    /** The checked options as a budget; a bad value is a usage error naming the option. */
    JmhAgainstBroker.Budget budget(CommandLine cli) {
        OptionRange.check(cli, "--jmh-forks", forks, 0, 10);
        OptionRange.check(cli, "--jmh-warmup-forks", warmupForks, 0, 10);
        OptionRange.check(cli, "--jmh-warmups", warmups, 0, 100);
        OptionRange.check(cli, "--jmh-iterations", iterations, 1, 100);
        OptionRange.check(cli, "--jmh-seconds", seconds, 1, 600);
        OptionRange.check(cli, "--jmh-warmup-drains", warmupDrains, 0, 1000);
        OptionRange.check(cli, "--jmh-drains", drains, 1, 1000);
        OptionRange.check(cli, "--jmh-batch", batch, 100, 10_000_000);
        if (!payloads.matches("(0|[1-9][0-9]{0,7})(,(0|[1-9][0-9]{0,7}))*")) {
            throw new ParameterException(cli, "--jmh-payloads: '" + payloads + "' is not a comma-separated list of"
                    + " byte counts, e.g. 0,10240");
        }
        List<JmhBenchmark> chosen = new ArrayList<>();
        for (String name : benchmarks.split(",", -1)) {
            JmhBenchmark b = JmhBenchmark.named(name.trim()).orElseThrow(() -> new ParameterException(cli,
                    "--jmh-benchmarks: unknown value '" + name.trim() + "'; allowed: "
                            + Arrays.stream(JmhBenchmark.values()).map(String::valueOf)
                            .collect(Collectors.joining(", "))));
            if (!chosen.contains(b)) {
                chosen.add(b);
            }
        }
        return new JmhAgainstBroker.Budget(warmupForks, forks, new JmhAgainstBroker.Timed(warmups, iterations, seconds),
                new JmhAgainstBroker.Drains(warmupDrains, drains, batch), List.of(payloads.split(",")), paths,
                List.copyOf(chosen));
    }
}
