package dev.brokerbench.app.cli;

import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.model.Shard;
import dev.brokerbench.core.run.ShardRun;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --shard I/N --shard-group NAME}: this process runs the I-th of N equal parts of every cell's clients, in step
 * with the other shards through the broker, and writes its record for {@code bench merge} (docs/shards.md).
 */
public final class ShardOptions {
    @Option(names = "--shard", paramLabel = "I/N",
            description = "Run the I-th (0-based) of N equal parts of every cell's publishers and consumers (client c"
                    + " belongs to shard c mod N), meeting the other shards through the broker before every phase,"
                    + " and write shard.json for 'bench merge' instead of results. Needs --shard-group and a broker"
                    + " every shard reaches (--url); the six queue cases c1..c6 and b1 shard, others are skipped"
                    + " with the reason (docs/shards.md).")
    String spec;

    @Option(names = "--shard-group", paramLabel = "NAME",
            description = "The run's name, the same in all its shards and new for every run: its queues and stream"
                    + " ids derive from it (1-40 letters, digits, '.', '_', '-').")
    String group;

    @Option(names = "--shard-wait", defaultValue = "300", paramLabel = "SECONDS",
            description = "How long a shard waits for the others at each meeting before the cell fails (1..3600,"
                    + " default: ${DEFAULT-VALUE}).")
    int waitSeconds;

    /** Options of a run that a shard cannot honour: every shard must run the same passes. */
    private static final java.util.List<String> INCOMPATIBLE = java.util.List.of("--duration", "--warmup-seconds",
            "--warmup-rounds", "--jmh", "--slowdown");

    /** Writes what the shard recorded into the run's directory, for {@code bench merge}, and says where. */
    static void write(ShardRun run, java.nio.file.Path dir, java.io.PrintStream console) throws java.io.IOException {
        new dev.brokerbench.core.shard.ShardFile(run.shard(), run.cells()).write(dir);
        console.println(run.shard().describe() + ": " + run.cells().size() + " cells in "
                + dir.resolve(dev.brokerbench.core.shard.ShardFile.NAME).toAbsolutePath()
                + "; bench merge DIR... joins the shards");
    }

    /** Whether this run is a shard. */
    public boolean sharded() {
        return spec != null;
    }

    /**
     * The shard this process runs, or empty when not sharded.
     *
     * @param urlGiven whether the brokers are given by address (every shard must reach the same one)
     * @throws ParameterException naming the option, for exit code 2
     */
    public Optional<ShardRun> validate(CommandLine cli, boolean urlGiven) {
        if (spec == null) {
            if (group != null) {
                throw new ParameterException(cli, "--shard-group: only with --shard I/N");
            }
            return Optional.empty();
        }
        Shard shard;
        try {
            shard = Shard.parse(spec, group);
        } catch (InvalidConfigException e) {
            throw new ParameterException(cli, (e.getMessage().contains("group name") ? "--shard-group: "
                    : "--shard: ") + e.getMessage());
        }
        if (!shard.sharded()) {
            throw new ParameterException(cli, "--shard: N must be at least 2 (one shard is a run without --shard),"
                    + " got " + spec);
        }
        OptionRange.check(cli, "--shard-wait", waitSeconds, 1, 3600);
        if (!urlGiven) {
            throw new ParameterException(cli, "--shard: the shards must share one broker, which none of them starts:"
                    + " give it with --runtime external --url BROKER=PROTOCOL://HOST:PORT");
        }
        Optional<String> incompatible = INCOMPATIBLE.stream().filter(cli.getParseResult()::hasMatchedOption)
                .findFirst();
        if (incompatible.isPresent()) {
            throw new ParameterException(cli, "--shard: not with " + incompatible.get() + " (every shard must run"
                    + " the same passes: one warm-up pass of the case's warm-up count, then its measured count)");
        }
        return Optional.of(new ShardRun(shard, Duration.ofSeconds(waitSeconds)));
    }
}
