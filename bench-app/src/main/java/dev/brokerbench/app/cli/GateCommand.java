package dev.brokerbench.app.cli;

import dev.brokerbench.app.BenchCli;
import dev.brokerbench.app.gate.Baseline;
import dev.brokerbench.app.gate.Figures;
import dev.brokerbench.app.gate.RegressionGate;
import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.core.result.Json;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bench gate DIR --baseline FILE}: fails (exit 1) when a cell regressed beyond its measured noise. */
@Command(name = "gate", mixinStandardHelpOptions = true,
        description = "Compare a results directory with a baseline; exit 1 when a cell is slower than its tolerance,"
                + " missing, or did not account for every message.")
public final class GateCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS_DIR")
    Path results;

    @Option(names = "--baseline", required = true, paramLabel = "FILE")
    Path baselineFile;

    @Override
    public Integer call() throws Exception {
        Baseline baseline = Json.mapper().readValue(baselineFile.toFile(), Baseline.class);
        ReportData data = ReportData.read(results);
        RegressionGate.Outcome outcome = RegressionGate.check(baseline, Figures.scale(data), Figures.of(data));
        PrintWriter out = spec.commandLine().getOut();
        out.println("regression gate: " + results + " against " + baselineFile + " (" + baseline.description() + ")");
        out.print(outcome.table().console());
        out.println(outcome.passed() ? "gate: PASSED" : "gate: FAILED");
        out.flush();
        return outcome.passed() ? BenchCli.EXIT_OK : BenchCli.EXIT_PROBLEM;
    }
}
