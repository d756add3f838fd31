package dev.brokerbench.app.cli;

import dev.brokerbench.core.run.StealRetry;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code bench run}'s options for measuring a pass again when the hypervisor disturbed it ({@link StealRetry}). */
final class StealOptions {
    @Option(names = "--max-steal", defaultValue = "15", paramLabel = "PERCENT",
            description = "A measured pass during which the hypervisor gave more than PERCENT of the machine's CPU"
                    + " to other guests (steal, from /proc/stat) is measured again, at most --steal-retries times, and"
                    + " the least disturbed pass is kept; every attempt is recorded. 100: measure once whatever the"
                    + " steal (1..100, default: ${DEFAULT-VALUE}).")
    int maxStealPercent;

    @Option(names = "--steal-retries", defaultValue = "1", paramLabel = "N",
            description = "Most extra measured passes per cell for --max-steal (0..5, default: ${DEFAULT-VALUE}).")
    int stealRetries;

    /** The checked options as a {@link StealRetry}; a bad value is a usage error naming the option. */
    StealRetry retry(CommandLine cli) {
        OptionRange.check(cli, "--max-steal", maxStealPercent, 1, 100);
        OptionRange.check(cli, "--steal-retries", stealRetries, 0, StealRetry.MAX_RETRIES);
        return maxStealPercent == 100 ? StealRetry.NONE : new StealRetry(maxStealPercent / 100.0, stealRetries);
    }
}
