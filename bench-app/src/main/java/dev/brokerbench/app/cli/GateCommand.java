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
        description = "Compare a results directory with a baseline: exit 1 when a broker / client path is slower"
                + " beyond the noise of both runs' repeats (by 10 %% or more), or a cell collapsed, went missing or"
                + " did not account for every message; exit 2 when the runs are not comparable (it says why).")
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
        Figures fresh = Figures.of(ReportData.read(results));
        PrintWriter out = spec.commandLine().getOut();
        RegressionGate.Outcome outcome;
        try {
            Baselines.Choice baseline = Baselines.choose(baselinePath, fresh.conditions());
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
        out.println(outcome.passed() ? "gate: PASSED" : "gate: FAILED");
        out.flush();
        return outcome.passed() ? BenchCli.EXIT_OK : BenchCli.EXIT_PROBLEM;
    }
}
