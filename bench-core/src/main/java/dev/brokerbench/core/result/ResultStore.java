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

/** Results as one JSON file per cell and repeat, written atomically (a half-written file never appears under its name). */
public final class ResultStore {
    private final Path dir;

    public ResultStore(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    public Path write(RunResult result) {
        Repeat repeat = result.repeatOrSingle();
        String name = result.broker().brokerId() + "__" + result.client().clientPath() + "__"
                + result.workload().name() + (repeat.of() > 1 ? "__r" + repeat.index() : "") + ".json";
        return writeAtomically(dir.resolve(name), Json.mapper().valueToTree(result).toPrettyString());
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
