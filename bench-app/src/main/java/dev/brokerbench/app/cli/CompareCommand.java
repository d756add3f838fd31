package dev.brokerbench.app.cli;

import dev.brokerbench.app.report.ComparisonTable;
import dev.brokerbench.app.report.RepeatedCell;
import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.app.report.TextTable;
import dev.brokerbench.core.stats.Difference;
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

/**
 * {@code bench compare A B}: two result sets side by side: per cell the median overall rate of each with its 95 %
 * interval, the ratio B/A, and whether B is faster or slower (only where the intervals do not overlap).
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Show two results directories side by side: the median overall msg/s of each cell over its"
                + " repeats with the 95 %% interval, the ratio B/A, and B faster / slower only where the intervals"
                + " do not overlap (otherwise: no clear difference).")
public final class CompareCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "Results directory A (e.g. the baseline).")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "Results directory B (e.g. the new run).")
    Path b;

    @Override
    public Integer call() {
        Map<String, RepeatedCell> left = index(ReportData.read(a));
        Map<String, RepeatedCell> right = index(ReportData.read(b));
        TreeSet<String> cells = new TreeSet<>(left.keySet());
        cells.addAll(right.keySet());
        TextTable t = new TextTable(List.of("broker / client path / case", "A median msg/s", "A 95 % interval",
                "B median msg/s", "B 95 % interval", "B/A", "B against A", "A status", "B status"));
        for (String cell : cells) {
            RepeatedCell l = left.get(cell);
            RepeatedCell r = right.get(cell);
            double lv = l == null ? Double.NaN : l.overall().median();
            double rv = r == null ? Double.NaN : r.overall().median();
            t.add(List.of(cell, SummaryTables.rate(lv), l == null ? "-" : ComparisonTable.interval(l.overall()),
                    SummaryTables.rate(rv), r == null ? "-" : ComparisonTable.interval(r.overall()),
                    Double.isNaN(lv) || Double.isNaN(rv) || lv == 0 ? "-" : String.format(Locale.ROOT, "%.2f", rv / lv),
                    l == null || r == null ? "-" : verdict(Difference.between(r.overall(), l.overall())),
                    l == null ? "absent" : l.status().toString(), r == null ? "absent" : r.status().toString()));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("A = " + a + "\nB = " + b);
        out.print(t.console());
        out.flush();
        return 0;
    }

    static String verdict(Difference d) {
        return switch (d) {
            case FIRST_HIGHER -> "faster";
            case FIRST_LOWER -> "slower";
            case NO_CLEAR_DIFFERENCE -> "no clear difference";
            case NO_INTERVAL -> "no interval (1 repeat)";
        };
    }

    private static Map<String, RepeatedCell> index(ReportData data) {
        Map<String, RepeatedCell> map = new LinkedHashMap<>();
        RepeatedCell.of(data.results()).forEach(c -> map.put(c.id(), c));
        return map;
    }
}
