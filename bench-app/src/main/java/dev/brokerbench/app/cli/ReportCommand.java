package dev.brokerbench.app.cli;

import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.app.report.ReportWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bench report DIR}: rebuilds the HTML/Markdown/CSV/JSON report from stored results. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Build the report (index.html, report.md, results.csv, report.json, charts/) from a results"
                + " directory written by 'bench run'.")
public final class ReportCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "A results directory of 'bench run'.")
    Path results;

    @Option(names = "--out", paramLabel = "DIR", description = "Report directory: new, empty, or one bench report"
            + " made, which it rebuilds (default: RESULTS_DIR/report).")
    Path out;

    @Override
    public Integer call() throws java.io.IOException {
        ReportData data = ReportData.read(results);
        if (data.results().isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "RESULTS_DIR: " + results
                    + " holds no result files (<broker>__<client path>__<case>.json)");
        }
        Path dir = out != null ? out : results.resolve("report");
        OutDirectory.requireReportDirectory(spec.commandLine(), dir);
        if (!dev.brokerbench.core.result.ResultStore.isComplete(results)) {
            spec.commandLine().getErr().println("bench report: " + dev.brokerbench.core.result.ResultStore
                    .incomplete(results));
            spec.commandLine().getErr().flush();
        }
        Path index = ReportWriter.write(data, dir);
        spec.commandLine().getOut().println("report: " + index.toAbsolutePath());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
