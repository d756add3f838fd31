package dev.brokerbench.app.cli;

import dev.brokerbench.app.gate.Baseline;
import dev.brokerbench.app.gate.Figures;
import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bench baseline DIR DIR [DIR...] --out FILE}: the regression gate's reference, from repeated runs. */
@Command(name = "baseline", mixinStandardHelpOptions = true,
        description = "Build a regression-gate baseline from two or more results directories of the same matrix and"
                + " scale: mean msg/s per cell and the measured run-to-run spread, from which each cell's tolerance"
                + " follows.")
public final class BaselineCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "2..*", paramLabel = "RESULTS_DIR", description = "Results directories of repeated runs.")
    List<Path> dirs;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Baseline JSON file to write.")
    Path out;

    @Option(names = "--description", defaultValue = "", description = "Where and how it was measured.")
    String description;

    @Override
    public Integer call() throws Exception {
        List<Map<String, Double>> runs = new ArrayList<>();
        Double scale = null;
        for (Path dir : dirs) {
            ReportData data = ReportData.read(dir);
            double s = Figures.scale(data);
            if (scale != null && Math.abs(scale - s) > 1e-9) {
                throw new CommandLine.ParameterException(spec.commandLine(), "RESULTS_DIR: " + dir + " is at scale "
                        + s + ", the others at " + scale);
            }
            scale = s;
            runs.add(Figures.rates(data));
        }
        Baseline baseline = Baseline.of(description, scale, runs);
        ResultStore.writeAtomically(out, Json.mapper().writeValueAsString(baseline));
        spec.commandLine().getOut().println("baseline: " + baseline.cells().size() + " cells from " + runs.size()
                + " runs -> " + out.toAbsolutePath());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
