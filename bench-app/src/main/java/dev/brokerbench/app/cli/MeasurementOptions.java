package dev.brokerbench.app.cli;

import dev.brokerbench.core.experiment.Slowdown;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.run.PassPlan;
import dev.brokerbench.core.run.Schedule;
import dev.brokerbench.core.run.ShardRun;
import dev.brokerbench.core.run.StealRetry;
import dev.brokerbench.core.run.Warmup;
import dev.brokerbench.core.spi.Catalog;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code bench run}'s options for how each cell is measured: repeats and their order, warm-up, the measured pass's
 * length, rate windows, and passes measured again when the hypervisor disturbed them.
 */
final class MeasurementOptions {
    @Option(names = "--repeat", defaultValue = "1", paramLabel = "N",
            description = "Runs every cell N times (1..100), the cells of all brokers interleaved in a shuffled order;"
                    + " each cell is reported as the geometric mean of its repeats with its 95 %% interval (Student's t"
                    + " on log rates) and ranked by Welch's t-test on log rates. 3 or more to rank (default:"
                    + " ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--warmup-rounds", defaultValue = "0", paramLabel = "N",
            description = "Rounds of every cell before the reported repeats, measured and set aside (0..10), so that"
                    + " the first reported repeat does not meet brokers and a suite still compiling or filling their"
                    + " caches; the first such round also sizes the cell's passes (default: ${DEFAULT-VALUE}).")
    int warmupRounds;

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

    @Option(names = "--seed", paramLabel = "LONG",
            description = "Seed of the shuffled order of the cells (default: a new one per run, recorded in run.json"
                    + " and every result).")
    Long seed;

    @Option(names = "--window-min-ms", defaultValue = "" + RateWindow.DEFAULT_MINIMUM_MILLIS, paramLabel = "MILLIS",
            description = "Rate windows (min/mean/max) hold at least " + RateWindow.DEFAULT_COMPLETIONS
                    + " completions AND last at least this long,"
                    + " so a library's batched confirmations or deliveries cannot make a window microseconds long;"
                    + " 0 = count only (default: ${DEFAULT-VALUE}).")
    long windowMinMillis;

    @Option(names = "--slowdown", paramLabel = "PATH=FRACTION", hidden = true,
            description = "Test-only: stops the measured clients of one client path once, halfway through each"
                    + " measured pass, long enough that the pass runs at about 1 - FRACTION of its own rate"
                    + " (0 < FRACTION <= 0.9), to show the regression gate catches a real regression; each result of"
                    + " that path carries a caveat saying so.")
    String slowdown;

    @Option(names = "--broker-silence", defaultValue = "15", paramLabel = "SECONDS",
            description = "How long a broker whose process lives may leave its port unanswered, during a cell,"
                    + " between cells or when a drain missed messages, before it is called stopped, killed and"
                    + " started again on its data (2..3600, default: ${DEFAULT-VALUE}); a cell it stopped in ends"
                    + " BROKER STOPPED, what it had written in its log and its GC log then is said, and its later"
                    + " cells carry a caveat.")
    int brokerSilenceSeconds;

    @Mixin
    StealOptions steal = new StealOptions();

    /** Checks the options that need nothing else; a bad value is a usage error naming the option. */
    void check(CommandLine cli) {
        OptionRange.check(cli, "--window-min-ms", windowMinMillis, 0, 60_000);
        OptionRange.check(cli, "--repeat", repeats, 1, Schedule.MAX_REPEATS);
        OptionRange.check(cli, "--warmup-rounds", warmupRounds, 0, Schedule.MAX_WARMUP_ROUNDS);
        OptionRange.check(cli, "--warmup-seconds", warmupSeconds, 0, 600);
        OptionRange.check(cli, "--broker-silence", brokerSilenceSeconds, 2, 3600);
        if (durationSeconds != null) {
            OptionRange.check(cli, "--duration", durationSeconds, 1, 3600);
        }
        steal.retry(cli);
    }

    /** The order of the cells and their repeats; the shards of a run shuffle the cells alike. */
    Schedule schedule(Optional<ShardRun> sharding) {
        long order = seed != null ? seed : sharding.isPresent() ? sharding.get().shard().group().hashCode()
                : new SecureRandom().nextLong();
        return new Schedule(repeats, order, warmupRounds);
    }

    /** How each cell's passes are warmed up, sized and measured; a shard warms up once and never measures again. */
    PassPlan passPlan(CommandLine cli, Optional<ShardRun> sharding, Catalog catalog) {
        StealRetry stealRetry = sharding.isPresent() ? StealRetry.NONE : steal.retry(cli);
        Warmup warmup = sharding.isPresent() ? Warmup.SINGLE_PASS : Warmup.forSeconds(warmupSeconds);
        return new PassPlan(warmup, durationSeconds == null ? null : Duration.ofSeconds(durationSeconds),
                slowdown == null ? null : slowdown(cli, catalog), stealRetry);
    }

    /** How long a living broker may stay silent before it is restarted. */
    Duration brokerSilence() {
        return Duration.ofSeconds(brokerSilenceSeconds);
    }

    RateWindow window() {
        return new RateWindow(RateWindow.DEFAULT.completions(), Duration.ofMillis(windowMinMillis));
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
}
