package dev.brokerbench.core.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Results as one JSON file per cell and repeat, written atomically (a half-written file never appears under its name),
 * and beside them, under {@value #HISTOGRAMS}, the HdrHistogram interval log of each latency its measured phases
 * recorded: {@code CELL__PHASE__METRIC.hlog}, e.g. {@code artemis__artemis-core-jms__c1__publish__confirm.hlog}.
 */
public final class ResultStore {
    /** The directory of the histogram logs, in the results directory. */
    public static final String HISTOGRAMS = "histograms";
    private final Path dir;

    public ResultStore(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    public Path write(RunResult result) {
        Repeat repeat = result.repeatOrSingle();
        String cell = result.broker().brokerId() + "__" + result.client().clientPath() + "__"
                + result.workload().name() + (repeat.of() > 1 ? "__r" + repeat.index() : "");
        for (PhaseResult phase : result.phases() == null ? List.<PhaseResult>of() : result.phases()) {
            phase.logs().forEach((metric, log) -> {
                Path file = dir.resolve(HISTOGRAMS).resolve(cell + "__" + phase.name() + "__" + metric.fileName()
                        + ".hlog");
                try {
                    log.write(file, result.broker().brokerId() + " / " + result.client().clientPath() + " / "
                            + result.workload().name() + ", phase " + phase.name() + ": " + metric.description());
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write " + file, e);
                }
            });
        }
        return writeAtomically(dir.resolve(cell + ".json"), Json.mapper().valueToTree(result).toPrettyString());
    }

    public static Path writeAtomically(Path target, String content) {
        try {
            Files.createDirectories(target.getParent());
            Path tmp = Files.createTempFile(target.getParent(), ".", ".tmp");
            try {
                Files.writeString(tmp, content);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }

    public List<RunResult> readAll() {
        List<RunResult> results = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.getFileName().toString().matches("[^_]+__[^_]+__.+\\.json"))
                    .sorted(Comparator.naturalOrder()).toList()) {
                results.add(Json.mapper().readValue(p.toFile(), RunResult.class));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read results in " + dir, e);
        }
        return results;
    }
}
