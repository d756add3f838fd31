package dev.brokerbench.app.cli;

import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.app.report.TextTable;
import dev.brokerbench.core.result.RunResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code bench compare A B}: two result sets side by side, with B/A ratios of the overall rates. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Show two results directories side by side: overall msg/s of each cell and the ratio B/A.")
public final class CompareCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "Results directory A (e.g. the baseline).")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "Results directory B (e.g. the new run).")
    Path b;

    @Override
    public Integer call() {
        Map<String, RunResult> left = index(ReportData.read(a).results());
        Map<String, RunResult> right = index(ReportData.read(b).results());
        TextTable t = new TextTable(List.of("broker / client path / case", "A msg/s", "B msg/s", "B/A",
                "A status", "B status"));
        for (String cell : new TreeSet<>(union(left, right))) {
            RunResult l = left.get(cell);
            RunResult r = right.get(cell);
            double lv = l == null ? Double.NaN : l.reportedPhase().rate().overall();
            double rv = r == null ? Double.NaN : r.reportedPhase().rate().overall();
            t.add(List.of(cell, SummaryTables.rate(lv), SummaryTables.rate(rv),
                    Double.isNaN(lv) || Double.isNaN(rv) || lv == 0 ? "-" : String.format(Locale.ROOT, "%.2f", rv / lv),
                    l == null ? "absent" : l.status(), r == null ? "absent" : r.status()));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("A = " + a + "\nB = " + b);
        out.print(t.console());
        out.flush();
        return 0;
    }

    private static java.util.Set<String> union(Map<String, RunResult> l, Map<String, RunResult> r) {
        java.util.Set<String> all = new java.util.HashSet<>(l.keySet());
        all.addAll(r.keySet());
        return all;
    }

    static Map<String, RunResult> index(List<RunResult> results) {
        Map<String, RunResult> map = new LinkedHashMap<>();
        results.forEach(r -> map.put(r.broker().brokerId() + " / " + r.client().clientPath() + " / "
                + r.workload().name(), r));
        return map;
    }
}
