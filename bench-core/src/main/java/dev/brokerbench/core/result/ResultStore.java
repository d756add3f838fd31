package dev.brokerbench.core.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    /** Made first, with nothing in the directory yet: the run that made it owns the directory. */
    public static final String CLAIM = ".brokerbench-run";
    /** Written last, when every other file of the run is on disk: without it the run was cut short. */
    public static final String COMPLETE = "COMPLETE";
    private final Path dir;

    public ResultStore(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** The name a cell's files share: broker, path and case, and the repeat when cells ran more than once. */
    private static String stem(RunResult result) {
        Repeat repeat = result.repeatOrSingle();
        return result.cellId().fileStem() + (repeat.of() > 1 ? "__r" + repeat.index() : "");
    }

    /** The interval log of {@code metric} that {@code phase} of {@code result} recorded, under this store. */
    public Path histogram(RunResult result, PhaseResult phase, LatencyMetric metric) {
        return inside(dir.resolve(HISTOGRAMS), stem(result) + "__" + phase.name() + "__" + metric.fileName()
                + ".hlog");
    }

    public Path write(RunResult result) {
        CellId id = result.cellId();
        String cell = stem(result);
        for (PhaseResult phase : result.phases() == null ? List.<PhaseResult>of() : result.phases()) {
            phase.logs().forEach((metric, log) -> {
                Path file = histogram(result, phase, metric);
                try {
                    log.write(file, id + ", phase " + phase.name() + ": " + metric.description());
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write " + file, e);
                }
            });
        }
        return dev.brokerbench.core.io.AtomicFiles.write(inside(dir, cell + ".json"),
                Json.mapper().valueToTree(result).toPrettyString()); // Json hides passwords in every string
    }

    /**
     * {@code dir}'s file {@code name}: a plain file name, never a path that leaves the directory.
     *
     * @throws IllegalArgumentException when {@code name} is not a plain file name
     */
    public static Path inside(Path dir, String name) {
        Path base = dir.toAbsolutePath().normalize();
        Path file = base.resolve(name).normalize();
        if (name.contains("/") || name.contains("\\") || name.equals("..") || !base.equals(file.getParent())) {
            throw new IllegalArgumentException("not a plain file name, it would leave " + dir + ": " + name);
        }
        return file;
    }

    /**
     * Makes {@code dir} a results directory of this process: made where missing, with {@link #CLAIM} created new in
     * it, so that two runs told the same directory (two shards started alike) never write into one.
     *
     * @throws dev.brokerbench.core.model.InvalidConfigException when another run claimed it first
     * @throws IOException when it cannot be made
     */
    public static ResultStore claim(Path dir) throws IOException {
        Path made = dev.brokerbench.core.io.AtomicFiles.directory(dir);
        try {
            Files.createFile(made.resolve(CLAIM));
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new dev.brokerbench.core.model.InvalidConfigException("--out: " + dir + " is the results directory"
                    + " of another run (it holds " + CLAIM + "); choose a new directory");
        }
        dev.brokerbench.core.io.AtomicFiles.force(made);
        return new ResultStore(dir);
    }

    /** Marks the run whole: every file it wrote is on disk ({@link #COMPLETE}, written last). */
    public void complete(String runId) {
        dev.brokerbench.core.io.AtomicFiles.write(dir.resolve(COMPLETE), "run " + runId + " complete at "
                + java.time.Instant.now() + "\n");
    }

    /**
     * Whether {@code dir} holds a whole run: {@link #COMPLETE}, which a run killed or still going has not written; or,
     * for a run made before the marker existed (no {@link #CLAIM} either), its run.json, which such runs wrote last.
     */
    public static boolean isComplete(Path dir) {
        return Files.isRegularFile(dir.resolve(COMPLETE))
                || !Files.exists(dir.resolve(CLAIM)) && Files.isRegularFile(dir.resolve("run.json"));
    }

    /**
     * How long the run in {@code dir} took, from its {@link #CLAIM} (made before its first broker started) to its
     * {@link #COMPLETE} marker; empty for a run that is not complete or predates the claim.
     */
    public static java.util.Optional<java.time.Duration> elapsed(Path dir) {
        try {
            if (!Files.isRegularFile(dir.resolve(COMPLETE)) || !Files.isRegularFile(dir.resolve(CLAIM))) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(java.time.Duration.between(
                    Files.getLastModifiedTime(dir.resolve(CLAIM)).toInstant(),
                    Files.getLastModifiedTime(dir.resolve(COMPLETE)).toInstant()));
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }

    /** The line a reader prints for a directory without {@link #COMPLETE}. */
    public static String incomplete(Path dir) {
        return dir + ": incomplete run: it holds no " + COMPLETE + " marker (the run was killed, failed or is still"
                + " going), so its results may be partial";
    }

    public List<RunResult> readAll() {
        List<RunResult> results = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.getFileName().toString().matches("[^_]+__[^_]+__.+\\.json"))
                    .sorted(Comparator.naturalOrder()).toList()) {
                results.add(dev.brokerbench.core.io.JsonInput.read(p, RunResult.class, "a cell's result"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read results in " + dir, e);
        }
        return results;
    }
}
