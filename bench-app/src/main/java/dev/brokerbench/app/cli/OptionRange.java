package dev.brokerbench.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** Range checks for numeric options: one line naming the option and the allowed range. */
final class OptionRange {
    private OptionRange() {
    }

    static void check(CommandLine cli, String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new ParameterException(cli, option + ": must be " + min + ".." + max + ", got " + value);
        }
    }
}
