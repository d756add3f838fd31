package dev.brokerbench.app.gate;

import dev.brokerbench.core.model.InvalidConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The gate's references: one baseline file, or a directory of them, one per machine they were measured on. A virtual
 * machine is not the same machine from one day to the next (this project's calibrated at 3,837 to 12,737 disk
 * syncs/s and 1,205 to 4,715 loopback MB/s), so a fresh run is compared with the baseline whose machine calibrated
 * nearest, among those whose conditions allow a comparison at all. The choice is made from the calibrations, measured
 * before any broker starts, never from the figures.
 */
public final class Baselines {
    private Baselines() {
    }

    /**
     * The baseline a fresh run is compared with.
     *
     * @param file       where it was read
     * @param baseline   its contents
     * @param candidates how many baselines it was chosen from
     * @param skipped    files of the directory that do not read as a baseline, each with why (one line each)
     */
    public record Choice(Path file, Baseline baseline, int candidates, List<String> skipped) {
        public Choice {
            skipped = List.copyOf(skipped);
        }

        /** Where it came from, for a console line. */
        public String describe() {
            return file + " (" + baseline.description() + (candidates > 1 ? "; the nearest machine of " + candidates
                    + " baselines" : "") + ")";
        }
    }

    /**
     * Reads {@code fileOrDir} (a baseline file, or every {@code *.json} in a directory) and chooses the baseline
     * comparable with {@code fresh} whose machine calibrated nearest.
     *
     * @throws RegressionGate.Refused when none is comparable: each candidate's reasons
     */
    public static Choice choose(Path fileOrDir, Conditions fresh) throws IOException {
        List<Path> files = files(fileOrDir);
        List<Choice> comparable = new ArrayList<>();
        List<String> why = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Path file : files) {
            Baseline baseline;
            try {
                baseline = Baseline.read(file);
            } catch (InvalidConfigException e) {
                if (files.size() == 1) {
                    throw e;
                }
                skipped.add(e.getMessage()); // one bad file of several: said, and the others still serve
                continue;
            }
            List<String> differences = baseline.conditions().differences(fresh);
            if (differences.isEmpty()) {
                comparable.add(new Choice(file, baseline, files.size(), skipped));
            } else {
                differences.forEach(d -> why.add(files.size() > 1 ? file.getFileName() + ": " + d : d));
            }
        }
        if (skipped.size() == files.size()) {
            throw new InvalidConfigException("--baseline: no file in " + fileOrDir + " reads as a baseline: "
                    + String.join("; ", skipped));
        }
        why.addAll(skipped);
        return comparable.stream()
                .min(Comparator.comparingDouble(c -> c.baseline().conditions().machineDistance(fresh)))
                .map(c -> new Choice(c.file(), c.baseline(), c.candidates(), skipped))
                .orElseThrow(() -> new RegressionGate.Refused(why));
    }

    /**
     * The command that makes a baseline of this machine for {@code fileOrDir}: from two runs, so that it carries the
     * spread between runs as well as within one.
     */
    public static String addCommand(Path fileOrDir) {
        return "bench baseline RESULTS_DIR RESULTS_DIR --out "
                + (Files.isDirectory(fileOrDir) ? fileOrDir.resolve("NAME.json") : fileOrDir);
    }

    private static List<Path> files(Path fileOrDir) throws IOException {
        if (!Files.isDirectory(fileOrDir)) {
            if (!Files.isRegularFile(fileOrDir)) {
                throw new InvalidConfigException("--baseline: " + fileOrDir + " is neither a baseline file nor a"
                        + " directory of them");
            }
            return List.of(fileOrDir);
        }
        try (Stream<Path> list = Files.list(fileOrDir)) {
            List<Path> files = list.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
            if (files.isEmpty()) {
                throw new InvalidConfigException("--baseline: no *.json baseline in " + fileOrDir
                        + "; make one with: " + addCommand(fileOrDir));
            }
            return files;
        }
    }
}
