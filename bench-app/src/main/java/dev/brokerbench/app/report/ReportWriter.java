package dev.brokerbench.app.report;

import dev.brokerbench.app.report.charts.Charts;
import dev.brokerbench.app.report.charts.KneeCharts;
import dev.brokerbench.app.report.charts.SweepCharts;
import dev.brokerbench.app.report.charts.VerdictCharts;
import dev.brokerbench.app.report.html.HtmlPage;
import dev.brokerbench.core.broker.CredentialMask;
import dev.brokerbench.core.io.AtomicFiles;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Writes a report directory: index.html (self-contained), report.md, results.csv, report.json, charts/*.png. */
public final class ReportWriter {
    /** What a report directory holds from the start: the suite made it, and a later report may rebuild it. */
    public static final String MARK = ".brokerbench-report";
    /** Everything a report directory holds, the mark included. */
    public static final java.util.Set<String> FILES = java.util.Set.of(MARK, "charts", "report.md", "results.csv",
            "report.json", "index.html");

    private ReportWriter() {
    }

    public static Path write(ReportData data, Path outDir) {
        List<Charts.Png> charts = charts(data);
        try {
            AtomicFiles.write(AtomicFiles.directory(outDir)
                    .resolve(MARK), "made by bench report\n");
            Path chartDir = AtomicFiles.directory(outDir.resolve("charts"));
            for (Charts.Png png : charts) {
                AtomicFiles.write(ResultStore.inside(chartDir, png.name() + ".png"),
                        png.bytes());
            }
            // results the suite wrote carry no password; results from elsewhere are masked here too
            AtomicFiles.write(outDir.resolve("report.md"), CredentialMask.mask(markdown(data, charts)));
            AtomicFiles.write(outDir.resolve("results.csv"), CredentialMask.mask(csv(data.results())));
            AtomicFiles.write(outDir.resolve("report.json"), Json.mapper().writeValueAsString(data));
            return AtomicFiles.write(outDir.resolve("index.html"), CredentialMask.mask(HtmlPage.render(data, charts,
                    "brokerbench: message broker comparison")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + outDir, e);
        }
    }

    static List<Charts.Png> charts(ReportData data) {
        List<Charts.Png> charts = new ArrayList<>();
        Charts.Palette palette = Charts.palette(data.results(), data.jmh());
        List<RunResult> all = data.results().stream().filter(r -> r.workload().point() == null).toList();
        if (!all.isEmpty()) {
            List<RepeatedCell> cells = RepeatedCell.of(all);
            if (RepeatedCell.anyRepeated(data.results())) { // the verdict's, one per case (as VerdictTable)
                charts.addAll(VerdictCharts.of(ComparisonTable.byCase(cells), palette));
            }
            charts.add(Charts.overall(cells, palette)); // sweeps have charts of their own
        }
        // one repeat per cell (the median one) where a chart draws a cell's detail
        List<RunResult> cases = RepeatedCell.representatives(all);
        Map<String, List<RunResult>> byCase = new TreeMap<>();
        cases.forEach(r -> byCase.computeIfAbsent(r.workload().name(), k -> new ArrayList<>()).add(r));
        byCase.forEach((name, results) -> {
            String title = results.get(0).workload().title();
            charts.add(Charts.progress(name, title, results, palette));
            charts.add(Charts.windows(name, title, results, palette));
            switch (results.get(0).reportedPhase().action()) {
                case PUBLISH -> charts.add(Charts.latency(name, title, results, palette, LatencyMetric.CONFIRM,
                        PhaseResult::latency));
                case RPC -> charts.add(Charts.latency(name, title, results, palette, LatencyMetric.CALL,
                        PhaseResult::latency));
                case LIVE -> charts.add(Charts.latency(name, title, results, palette, LatencyMetric.END_TO_END,
                        PhaseResult::endToEnd));
                case CONSUME, ONEWAY -> {
                    // no latency measured
                }
            }
        });
        charts.addAll(KneeCharts.of(CurveTables.curves(data.results()), palette));
        for (CallTables.SweepResults sweep : CallTables.sweeps(data.results())) {
            charts.addAll(SweepCharts.of(sweep, palette));
        }
        if (!data.jmh().isEmpty()) {
            charts.add(Charts.jmh(data.jmh(), palette));
        }
        return charts;
    }

    private static String markdown(ReportData data, List<Charts.Png> charts) {
        List<String> intro = List.of(data.whatRan());
        return MarkdownReport.render("brokerbench report", intro, data.sections(), charts);
    }

    static String csv(List<RunResult> results) {
        StringBuilder sb = new StringBuilder("broker,broker_version,client_path,client_version,case,title,phase,mode,"
                + "messages,overall_msg_s,window_min_msg_s,window_mean_msg_s,window_max_msg_s,confirm_p50_us,"
                + "confirm_p99_us,sent,confirmed,received,duplicates,reordered,lost,status,replies_correct,replies_wrong,"
                + "replies_late,calls_timed_out,client_cpu_us_per_msg,broker_cpu_us_per_msg,client_limit,repeat,repeats,"
                + "position,seed,end_to_end_p50_us,end_to_end_p99_us,offered_msg_s,calls_retried,"
                + "calls_answered_twice,calls_never_answered,server_cpu_us_per_msg\n");
        for (RunResult r : results) {
            var p = r.reportedPhase();
            var a = r.accounting();
            var c = r.rpc();
            String sent = c != null ? String.valueOf(c.sent()) : a == null ? "" : String.valueOf(a.sent());
            String confirmed = c != null || a == null ? "" : String.valueOf(a.confirmed());
            String received = c != null ? String.valueOf(c.serverReceived()) : a == null ? ""
                    : String.valueOf(a.received());
            String duplicates = c != null ? (p.action() == dev.brokerbench.core.model.Action.ONEWAY
                    ? String.valueOf(c.duplicates()) : "") : a == null ? "" : String.valueOf(a.duplicates());
            String reordered = c != null || a == null ? "" : String.valueOf(a.reordered());
            String lost = c != null ? String.valueOf(c.lost()) : a == null ? "" : String.valueOf(a.lost());
            String replies = c == null ? ",,," : c.correct() + "," + (c.wrongBody() + c.wrongCorrelation()) + ","
                    + c.late() + "," + c.timedOut();
            sb.append(String.join(",", List.of(r.broker().brokerId(), r.broker().version(), r.client().clientPath(),
                    r.client().version(), r.workload().name(), '"' + r.workload().title() + '"', p.name(),
                    p.mode() == null ? "" : p.mode().name().toLowerCase(Locale.ROOT), String.valueOf(p.expected()),
                    num(p.rate().overall()), num(p.rate().windowMin()), num(p.rate().windowMean()),
                    num(p.rate().windowMax()), p.latency() == null ? "" : num(p.latency().p50Micros()),
                    p.latency() == null ? "" : num(p.latency().p99Micros()), sent, confirmed, received, duplicates,
                    reordered, lost, r.status().toString(), replies, num(p.resources().clientMicrosPerMessage(p.completed())),
                    num(p.resources().brokerMicrosPerMessage(p.completed())),
                    p.resources().clientSaturated() ? p.resources().clientLimit().name() : "",
                    String.valueOf(r.repeatOrSingle().index()), String.valueOf(r.repeatOrSingle().of()),
                    String.valueOf(r.repeatOrSingle().position()), String.valueOf(r.repeatOrSingle().seed()),
                    p.endToEnd() == null ? "" : num(p.endToEnd().p50Micros()),
                    p.endToEnd() == null ? "" : num(p.endToEnd().p99Micros()),
                    r.workload().offeredRate() > 0 ? num(r.workload().offeredRate()) : "",
                    c == null ? "" : String.valueOf(c.retried()), c == null ? "" : String.valueOf(c.answeredTwice()),
                    c == null ? "" : String.valueOf(c.neverAnswered()),
                    p.resources().serverCpuSeconds() == null ? ""
                            : num(p.resources().serverMicrosPerMessage(p.completed())))))
                    .append('\n');
        }
        return sb.toString();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
