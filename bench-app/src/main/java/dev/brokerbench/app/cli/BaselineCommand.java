package dev.brokerbench.app.cli;

import dev.brokerbench.app.gate.Baseline;
import dev.brokerbench.app.gate.Figures;
import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.core.io.AtomicFiles;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bench baseline DIR DIR [DIR...] --out FILE}: the regression gate's reference, from repeated runs. */
@Command(name = "baseline", mixinStandardHelpOptions = true,
        description = "Build a regression-gate baseline from one or more results directories of the same matrix,"
                + " scale, duration, runtime and machine, run with --repeat 2 or more: every repeat's msg/s per cell,"
                + " which the gate compares a fresh run's repeats with.")
public final class BaselineCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RESULTS_DIR", description = "Results directories of runs with repeats.")
    List<Path> dirs;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Baseline JSON file to write.")
    Path out;

    @Option(names = "--description", defaultValue = "", description = "Where and how it was measured.")
    String description;

    @Override
    public Integer call() throws Exception {
        if (java.nio.file.Files.isDirectory(out) || java.nio.file.Files.isSymbolicLink(out)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--out: " + out + " is a "
                    + (java.nio.file.Files.isSymbolicLink(out) ? "symbolic link" : "directory") + "; name the"
                    + " baseline file to write");
        }
        List<Figures> runs = new ArrayList<>();
        for (Path dir : dirs) {
            if (!ResultStore.isComplete(dir)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "RESULTS_DIR: "
                        + ResultStore.incomplete(dir) + "; a baseline is made of whole runs");
            }
            runs.add(Figures.of(ReportData.read(dir)));
        }
        Baseline baseline = Baseline.of(description, runs);
        AtomicFiles.write(out, Json.mapper().writeValueAsString(baseline));
        spec.commandLine().getOut().println("baseline: " + baseline.cells().size() + " cells from " + runs.size()
                + " run(s) -> " + out.toAbsolutePath());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
