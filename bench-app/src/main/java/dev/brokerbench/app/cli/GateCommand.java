package dev.brokerbench.app.cli;

import dev.brokerbench.app.BenchCli;
import dev.brokerbench.app.gate.Baselines;
import dev.brokerbench.app.gate.Figures;
import dev.brokerbench.app.gate.RegressionGate;
import dev.brokerbench.app.report.ReportData;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bench gate DIR --baseline FILE|DIR}: fails (exit 1) when a cell regressed beyond its measured noise; a
 * directory of baselines gives the one whose machine calibrated nearest ({@link Baselines}).
 */
@Command(name = "gate", mixinStandardHelpOptions = true,
        description = "Compare a results directory (3 or more repeats per cell) with a baseline of 2 or more runs:"
                + " exit 1 when a broker / client path is slower than the others by 10 %% or more beyond what the"
                + " baseline's runs and repeats show by chance (5 %% chance over all paths), the suite's own harness"
                + " reference fell against the CPU, or a cell collapsed, went missing or did not account for every"
                + " message; exit 2 when the runs are not comparable or have too few repeats or runs (it says why).")
public final class GateCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS_DIR")
    Path results;

    @Option(names = "--baseline", required = true, paramLabel = "FILE|DIR", description = "A baseline file, or a"
            + " directory of them (one per machine): the one whose machine calibrated nearest to this run's is used.")
    Path baselinePath;

    @Override
    public Integer call() throws Exception {
        if (!dev.brokerbench.core.result.ResultStore.isComplete(results)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "RESULTS_DIR: "
                    + dev.brokerbench.core.result.ResultStore.incomplete(results) + "; the gate judges whole runs");
        }
        Figures fresh = Figures.of(ReportData.read(results));
        PrintWriter out = spec.commandLine().getOut();
        RegressionGate.Outcome outcome;
        try {
            Baselines.Choice baseline = Baselines.choose(baselinePath, fresh.conditions());
            baseline.skipped().forEach(why -> spec.commandLine().getErr().println("gate: skipped " + why));
            out.println("regression gate: " + results + " against " + baseline.describe());
            outcome = RegressionGate.check(baseline.baseline(), fresh);
        } catch (RegressionGate.Refused refused) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("gate: REFUSED, the runs are not comparable:");
            refused.reasons().forEach(r -> err.println("  - " + r));
            err.println("compare like with like, or add a baseline of this machine: "
                    + Baselines.addCommand(baselinePath));
            err.flush();
            out.flush();
            return BenchCli.EXIT_USAGE;
        }
        out.print(outcome.table().console());
        out.println(outcome.note());
        if (outcome.harness() != null) {
            out.println((outcome.harness().verdict().name().equals("OK") ? "" : "HARNESS_REGRESSION: ")
                    + outcome.harness().words());
        }
        out.println(outcome.passed() ? "gate: PASSED" : "gate: FAILED");
        out.flush();
        return outcome.passed() ? BenchCli.EXIT_OK : BenchCli.EXIT_PROBLEM;
    }
}
