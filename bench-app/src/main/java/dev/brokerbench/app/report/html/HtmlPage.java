package dev.brokerbench.app.report.html;

import static dev.brokerbench.app.report.html.Html.esc;

import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.app.report.ReportData.JmhScore;
import dev.brokerbench.app.report.RunSummary;
import dev.brokerbench.app.report.CallTables;
import dev.brokerbench.app.report.ComparisonTable;
import dev.brokerbench.app.report.RepeatedCell;
import dev.brokerbench.app.report.RoundDrift;
import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.app.report.TextTable;
import dev.brokerbench.app.report.charts.Charts;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.result.EnvironmentInfo;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The self-contained report page: inline CSS, charts as PNG data URIs, no script, opens offline. */
public final class HtmlPage {
    /** The page's style sheet, a resource next to this class. */
    private static final String CSS = css();

    private HtmlPage() {
    }

    private static String css() {
        try (java.io.InputStream in = HtmlPage.class.getResourceAsStream("report.css")) {
            if (in == null) {
                throw new IllegalStateException("report.css missing from the classpath");
            }
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read report.css", e);
        }
    }

    public static String render(ReportData data, List<Charts.Png> charts, String title) {
        StringBuilder h = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>").append(esc(title)).append("</title><style>").append(CSS).append("</style></head><body>");
        h.append("<header><h1>").append(esc(title)).append("</h1><p>");
        if (data.run() != null) {
            h.append("run ").append(esc(data.run().runId())).append(" · scale ").append(data.run().scale())
                    .append(" of the published message counts · ");
        }
        h.append(data.results().size()).append(" results · ").append(data.jmh().size()).append(" JMH scores</p></header><main>");
        flags(h, data);
        if (data.results().stream().anyMatch(r -> r.repeatOrSingle().of() > 1)) {
            section(h, "comparison", "Comparison over repeats", "<p>" + esc(ComparisonTable.NOTE) + " Each repeat's"
                    + " figures are in the tables below (case #k = repeat k); the charts draw the median repeat"
                    + " of each cell; a chart of its own draws every cell's mean with its interval.</p>"
                    + table(ComparisonTable.of(RepeatedCell.of(data.results()), data.calibration()))
                    + RoundDrift.of(RepeatedCell.of(data.results())).map(d -> "<p>" + esc(d.describe()) + "</p>")
                    .orElse(""));
        }
        if (!CallTables.queues(data.results()).isEmpty()) {
            section(h, "results", "Results: queue cases", "<p>Reported phase of each case. Overall = completions"
                    + " (confirmations; for consume, first receipts of the phase's own messages) / time from the"
                    + " phase start to the last completion. min / mean / max over rate windows: a window closes after"
                    + " at least 1000 completions <em>and</em> at least the minimum duration (100 ms unless"
                    + " --window-min-ms says otherwise), so batched confirmations or prefetched deliveries cannot"
                    + " make a window microseconds long; mean = completions in whole windows / their time. Latency"
                    + " from send to broker confirmation. CPU µs/msg: the suite's JVM and the broker process per"
                    + " completed message; client-limited = the load generator plausibly limited the figure (it used"
                    + " 80 % of all cores, a full core, or more CPU than the broker). Steal: the share of the"
                    + " machine's CPU the hypervisor gave to other guests during the phase; a pass above --max-steal"
                    + " was measured again and the least disturbed kept (every attempt listed).</p>"
                    + resultsTable(data.results()));
        }
        if (!CallTables.of(data.results()).isEmpty()) {
            StringBuilder calls = new StringBuilder("<p>").append(esc(SummaryTables.CALLS_NOTE)).append("</p>")
                    .append(table(CallTables.calls(data.results())));
            for (CallTables.SweepResults sweep : CallTables.sweeps(data.results())) {
                calls.append("<h3>").append(esc(sweep.series() + ": " + sweep.title())).append("</h3>")
                        .append(table(CallTables.pivot(sweep)));
            }
            section(h, "calls", "Request/reply and one-way, with broker-less baselines", calls.toString());
        }
        TextTable durability = dev.brokerbench.app.report.SummaryTables.durability(data.results());
        if (!durability.isEmpty()) {
            section(h, "durability", "Durability: kill -9 of the broker or of a consumer", "<p>Broker: killed when"
                    + " the given number of messages was confirmed, restarted on the same data, and the queue drained."
                    + " A confirmed message that did not come back is a durability violation; unconfirmed messages"
                    + " (in flight at the kill) may be lost or present. Consumer: the consumers ran as separate"
                    + " processes and one was killed mid-drain; the others must receive everything it had not"
                    + " acknowledged (redelivered, so duplicates of what it had already reported are expected).</p>"
                    + table(durability));
        }
        h.append("<section id=\"charts\"><h2>Charts</h2><div class=\"charts\">");
        for (Charts.Png png : charts) {
            h.append("<figure><img class=\"chart\" id=\"chart-").append(esc(png.name())).append("\" alt=\"")
                    .append(esc(png.title())).append("\" src=\"data:image/png;base64,")
                    .append(Base64.getEncoder().encodeToString(png.bytes())).append("\"><figcaption>")
                    .append(esc(png.title())).append("</figcaption></figure>");
        }
        h.append("</div></section>");
        if (!data.jmh().isEmpty()) {
            section(h, "jmh", "JMH", "<p>Four threads, each its own session, against the same broker processes."
                    + " Consume scores are single-shot drains of a pre-filled queue, converted to msg/s. A score whose"
                    + " 99.9 % error is wider than 10 % of it is no ground for a ranking (the matrix above is).</p>"
                    + table(jmhTable(data.jmh())));
        }
        if (data.run() != null && !data.run().missing().isEmpty()) {
            section(h, "not-run", "Not run", table(missingTable(data.run().missing())));
        }
        section(h, "parity", "Parity settings", table(parityTable(data.results())));
        section(h, "environment", "Brokers and environment", table(brokerTable(data)) + environment(data));
        h.append("</main></body></html>");
        return h.toString();
    }

    private static void section(StringBuilder h, String id, String title, String body) {
        h.append("<section id=\"").append(id).append("\"><h2>").append(esc(title)).append("</h2>").append(body)
                .append("</section>");
    }

    private static void flags(StringBuilder h, ReportData data) {
        List<String> flags = new ArrayList<>();
        for (RunResult r : data.results()) {
            String cell = r.broker().brokerId() + " / " + r.client().clientPath() + " / " + SummaryTables.caseLabel(r);
            if (!r.status().ok()) {
                flags.add("<span class=\"badge bad\">" + r.status() + "</span> " + esc(cell) + ": "
                        + esc(r.rpc() != null ? r.rpc().summary()
                        : r.accounting() == null ? "no accounting" : r.accounting().summary()));
            }
            if (r.leftover() != null && r.leftover().messages() > 0) {
                flags.add("<span class=\"badge warn\">leftover</span> " + esc(cell) + ": the cell's queue held "
                        + r.leftover().messages() + " messages before the measured pass (" + esc(r.leftover().source())
                        + "), left by its warm-up");
            }
            if (r.brokerPressure() != null) {
                r.brokerPressure().forEach(c -> flags.add("<span class=\"badge warn\">memory pressure</span> "
                        + esc(cell) + ": the broker " + esc(c)));
            }
            if (r.caveats() != null && r.repeatOrSingle().index() == 1) { // said once per cell, not per repeat
                r.caveats().forEach(c -> flags.add("<span class=\"badge warn\">not equivalent</span> " + esc(RepeatedCell.id(r))
                        + ": " + esc(c)));
            }
            r.phases().stream().filter(p -> p.reported() && p.resources().clientSaturated()).findFirst()
                    .ifPresent(p -> flags.add("<span class=\"badge warn\">client-limited</span> " + esc(cell)
                            + ": " + esc(p.resources().clientLimit().reason()) + " (CPU µs per message, client /"
                            + " broker: " + esc(dev.brokerbench.app.report.SummaryTables.cpuPerMessage(p))
                            + "); the figure may be the load generator's limit"));
        }
        h.append("<section id=\"flags\"><h2>Flags</h2>");
        if (flags.isEmpty()) {
            h.append("<p><span class=\"badge ok\">clean</span> every cell delivered every message exactly once"
                    + " (every call answered correctly), without errors, and no client plausibly limited a figure.</p>");
        } else {
            h.append("<ul class=\"flags\">");
            flags.forEach(f -> h.append("<li>").append(f).append("</li>"));
            h.append("</ul>");
        }
        h.append("</section>");
    }

    private static String resultsTable(List<RunResult> results) {
        TextTable t = dev.brokerbench.app.report.SummaryTables.results(results);
        return table(t);
    }

    static String table(TextTable t) {
        StringBuilder h = new StringBuilder("<table><thead><tr>");
        t.headers().forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
        h.append("</tr></thead><tbody>");
        for (List<String> row : t.rows()) {
            h.append("<tr>");
            for (String c : row) {
                boolean num = c.matches("[-0-9.,/ –%]+");
                String cls = Status.labelled(c).map(s -> s.ok() ? "badge ok" : "badge bad").orElse(null);
                h.append(num ? "<td class=\"num\">" : "<td>")
                        .append(cls == null ? esc(c) : "<span class=\"" + cls + "\">" + esc(c) + "</span>")
                        .append("</td>");
            }
            h.append("</tr>");
        }
        return h.append("</tbody></table>").toString();
    }

    private static TextTable jmhTable(List<JmhScore> scores) {
        TextTable t = new TextTable(List.of("benchmark", "payload bytes", "broker", "client path", "msg/s",
                "± msg/s (99.9%)", "± % of score", "to rank on", "JMH score"));
        for (var s : scores) {
            t.add(List.of(s.benchmark(), String.valueOf(s.payloadBytes()), s.broker(), s.clientPath(),
                    String.format(java.util.Locale.ROOT, "%,.0f", s.msgPerSec()),
                    String.format(java.util.Locale.ROOT, "%,.0f", s.errorMsgPerSec()),
                    s.errorMsgPerSec() > 0 ? String.format(java.util.Locale.ROOT, "%.0f %%", 100 * s.relativeError())
                            : "unknown",
                    s.rankable() ? "yes" : "no: error over " + Math.round(100 * JmhScore.RANKABLE_ERROR) + " %",
                    s.rawScore()));
        }
        return t;
    }

    private static TextTable missingTable(List<RunSummary.Missing> missing) {
        return dev.brokerbench.app.report.SummaryTables.missing(missing);
    }

    private static TextTable parityTable(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker / client path", "setting", "value"));
        Map<String, Map<String, String>> seen = new LinkedHashMap<>();
        for (RunResult r : results) {
            seen.putIfAbsent(r.broker().brokerId() + " / " + r.client().clientPath() + " (" + r.client().library()
                    + " " + r.client().version() + ")", new java.util.TreeMap<>(r.client().settings()));
        }
        seen.forEach((k, v) -> v.forEach((key, value) -> {
            if (!key.equals("url")) {
                t.add(List.of(k, key, value));
            }
        }));
        return t;
    }

    private static TextTable brokerTable(ReportData data) {
        TextTable t = new TextTable(List.of("broker", "version", "runtime", "start-to-ready ms", "setting", "value"));
        Map<String, BrokerInfo> brokers = new LinkedHashMap<>();
        data.results().forEach(r -> brokers.putIfAbsent(r.broker().brokerId(), r.broker()));
        for (BrokerInfo b : brokers.values()) {
            new java.util.TreeMap<>(b.settings()).forEach((k, v) -> t.add(List.of(b.displayName(), b.version(),
                    SummaryTables.runtime(b), String.valueOf(b.startToReadyMillis()), k, v)));
        }
        return t;
    }

    private static String environment(ReportData data) {
        if (data.results().isEmpty()) {
            return "";
        }
        EnvironmentInfo e = data.results().get(0).environment();
        return "<p>Suite: " + esc(e.jvm()) + " on " + esc(e.os()) + ", " + e.cores() + " cores (" + esc(e.cpuModel())
                + "), max heap " + e.maxHeapMb() + " MB. Client and brokers on the same host, over loopback.</p>"
                + (data.calibration() == null ? "" : "<p id=\"calibration\">Measured at the run's start: "
                + esc(data.calibration().describe()) + ".</p>");
    }
}
