package dev.brokerbench.app.cli;

import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.run.MessageBudget;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** {@code --scale}: what it makes of every selected cell, checked before any broker starts. */
final class ScaleOption {
    private ScaleOption() {
    }

    /**
     * @throws ParameterException naming {@code --scale} when it is not positive and finite, makes a cell invalid
     *                            (a latency curve's steps longer than allowed) or gives a phase more messages than
     *                            this JVM's heap can clock ({@link MessageBudget})
     */
    static void check(CommandLine cli, double scale, List<Workload> selected) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new ParameterException(cli, "--scale: must be > 0 (0.01 for a short run, 1 for the published"
                    + " counts), got " + scale);
        }
        for (Workload w : selected.stream().flatMap(s -> s.points().stream()).toList()) {
            Workload scaled;
            try {
                scaled = w.scaled(scale);
            } catch (InvalidConfigException e) {
                throw new ParameterException(cli, "--scale: " + scale + " does not fit case " + w.name() + ": "
                        + e.getMessage());
            }
            long messages = Math.max(scaled.messages(), scaled.warmupMessages());
            if (messages > MessageBudget.perPhase()) {
                throw new ParameterException(cli, String.format(Locale.ROOT, "--scale: %s gives case %s %,d messages"
                        + " a phase; this JVM's heap (-Xmx) holds at most %,d (%d bytes a message): lower --scale,"
                        + " or size phases by time with --duration", scale, w.name(), messages,
                        MessageBudget.perPhase(), MessageBudget.BYTES_PER_MESSAGE));
            }
        }
    }
}
