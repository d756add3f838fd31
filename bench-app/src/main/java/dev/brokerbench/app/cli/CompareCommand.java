package dev.brokerbench.app.cli;

import dev.brokerbench.app.gate.Conditions;
import dev.brokerbench.app.report.ComparisonTable;
import dev.brokerbench.app.report.RepeatedCell;
import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.app.report.TextTable;
import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.stats.Comparison;
import dev.brokerbench.core.stats.Estimate;
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
 * {@code bench compare A B}: two result sets side by side: per cell the geometric mean of each side's repeats with
 * its 95 % interval, the ratio B/A with Welch's test on log rates ({@link Comparison}), and what could have been
 * shown where nothing was.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Show two results directories side by side: per cell the geometric mean of each side's"
                + " repeats (overall msg/s) with its 95 %% interval, the ratio B/A with its 95 %% interval by Welch's"
                + " t-test on log rates, and B faster / slower where that interval excludes 1 (each cell tested at"
                + " 5 %%); otherwise the smallest difference the repeats would have shown 9 times in 10.")
public final class CompareCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "Results directory A (e.g. the baseline).")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "Results directory B (e.g. the new run).")
    Path b;

    @CommandLine.Option(names = "--allow-differences", description = "Compare runs made under different"
            + " conditions (scale, --duration, runtime, machine): each difference is printed above the table."
            + " Without it such runs are refused, since their figures do not measure the same thing.")
    boolean allowDifferences;

    @Override
    public Integer call() {
        ReportData dataA = side(a, "A");
        ReportData dataB = side(b, "B");
        List<String> differences = Conditions.of(dataA.results(), dataA.calibration())
                .differences(Conditions.of(dataB.results(), dataB.calibration()), "A", "B");
        // an older run without a calibration: its machine is not compared, which the table's header says
        List<String> unknown = differences.stream().filter(d -> d.contains(Conditions.UNCALIBRATED)).toList();
        differences = differences.stream().filter(d -> !unknown.contains(d)).toList();
        if (!differences.isEmpty() && !allowDifferences) {
            throw new CommandLine.ParameterException(spec.commandLine(), "A and B ran under different conditions ("
                    + String.join("; ", differences) + "); compare like with like, or pass --allow-differences");
        }
        Map<CellId, RepeatedCell> left = index(dataA);
        Map<CellId, RepeatedCell> right = index(dataB);
        TreeSet<CellId> cells = new TreeSet<>(left.keySet());
        cells.addAll(right.keySet());
        TextTable t = new TextTable(List.of("broker / client path / case", "A " + Estimate.NAME + " msg/s",
                "A 95 % interval", "B " + Estimate.NAME + " msg/s", "B 95 % interval", "B/A", "B/A 95 % interval",
                "B against A", "A status", "B status"));
        for (CellId cell : cells) {
            RepeatedCell l = left.get(cell);
            RepeatedCell r = right.get(cell);
            double lv = l == null ? Double.NaN : l.overall().center();
            double rv = r == null ? Double.NaN : r.overall().center();
            Comparison c = l == null || r == null ? null : Comparison.of(r.rates(), l.rates());
            t.add(List.of(cell.toString(), SummaryTables.rate(lv), l == null ? "-" : ComparisonTable.interval(l.overall()),
                    SummaryTables.rate(rv), r == null ? "-" : ComparisonTable.interval(r.overall()),
                    Double.isFinite(lv) && Double.isFinite(rv) && lv > 0 ? String.format(Locale.ROOT, "%.2f", rv / lv)
                            : "-",
                    c == null || !c.verdict().clear() && c.verdict() != Comparison.Verdict.NOT_SHOWN ? "-"
                            : String.format(Locale.ROOT, "%.2f-%.2f", c.low(), c.high()),
                    c == null ? "-" : verdict(c),
                    l == null ? "absent" : l.status().toString(), r == null ? "absent" : r.status().toString()));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("A = " + a + "\nB = " + b);
        differences.forEach(d -> out.println("not like for like: " + d));
        unknown.forEach(d -> out.println("machines not compared: " + d));
        out.print(t.console());
        out.flush();
        return 0;
    }

    /** One side's results: a whole run with results, or refused (none) or warned about (incomplete). */
    private ReportData side(Path dir, String name) {
        ReportData data = ReportData.read(dir);
        if (data.results().isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), name + ": " + dir + " holds no result files"
                    + " (<broker>__<client path>__<case>.json); name a results directory of bench run");
        }
        if (!dev.brokerbench.core.result.ResultStore.isComplete(dir)) {
            spec.commandLine().getErr().println("bench compare: " + name + ": "
                    + dev.brokerbench.core.result.ResultStore.incomplete(dir));
        }
        return data;
    }

    static String verdict(Comparison c) {
        return switch (c.verdict()) {
            case HIGHER -> "faster";
            case LOWER -> "slower";
            case NOT_SHOWN -> "no difference shown (" + c.detectablePercent() + " or more would have been)";
            case NO_TEST -> "not tested (fewer than " + Comparison.MIN_REPEATS + " repeats, or a failed one)";
        };
    }

    private static Map<CellId, RepeatedCell> index(ReportData data) {
        Map<CellId, RepeatedCell> map = new LinkedHashMap<>();
        RepeatedCell.of(data.results()).forEach(c -> map.put(c.id(), c));
        return map;
    }
}
