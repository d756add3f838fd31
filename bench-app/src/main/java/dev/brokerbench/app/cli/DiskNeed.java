package dev.brokerbench.app.cli;

import dev.brokerbench.core.model.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * {@code --scale} against the free space where local brokers keep their data: the deepest queue a selected case
 * builds (a publish case's every message before its drain, a consume case's stated depth) must fit, checked before
 * any broker starts. The published depth's c4 (500,000 messages of 10 KB) needs about 5.6 GB.
 */
final class DiskNeed {
    /** What a broker's store keeps beside each body (headers, properties, its journal's record): an estimate. */
    static final long OVERHEAD_BYTES = 1024;
    private static final double GB = 1e9;

    private DiskNeed() {
    }

    /** @throws ParameterException naming {@code --scale} when the deepest queue would not fit in {@code root}. */
    static void check(CommandLine cli, double scale, List<Workload> selected, Path root) {
        long usable;
        try {
            usable = Files.getFileStore(root).getUsableSpace();
        } catch (IOException e) {
            return; // the data directory's own check names what is wrong with it
        }
        shortfall(scale, selected, usable, root).ifPresent(line -> {
            throw new ParameterException(cli, line);
        });
    }

    /** The line that refuses the run, when the deepest queue of {@code selected} at {@code scale} needs more. */
    static Optional<String> shortfall(double scale, List<Workload> selected, long usableBytes, Path root) {
        Workload deepest = null;
        long need = 0;
        for (Workload w : selected.stream().flatMap(s -> s.points().stream()).toList()) {
            if (w.live() || w.calls()) {
                continue; // their messages flow through; no queue builds up
            }
            Workload scaled = w.scaled(scale);
            long bytes = Math.max(scaled.messages(), scaled.warmupMessages()) * (scaled.payloadBytes()
                    + OVERHEAD_BYTES);
            if (bytes > need) {
                need = bytes;
                deepest = scaled;
            }
        }
        if (deepest == null || need <= usableBytes) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "--scale: %s gives case %s a queue of %,d messages of %,d bytes,"
                        + " about %.1f GB on the brokers' disk with their stores' own records; %s has %.1f GB free:"
                        + " lower --scale, or give the brokers a larger disk with --data-dir", scale, deepest.name(),
                Math.max(deepest.messages(), deepest.warmupMessages()), deepest.payloadBytes(), need / GB, root,
                usableBytes / GB));
    }
}
