package dev.brokerbench.app.report.html;

import static dev.brokerbench.app.report.html.Html.esc;

import dev.brokerbench.app.report.RepeatedCell;
import dev.brokerbench.app.report.ReportData.JmhScore;
import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.app.report.Section;
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
        for (Section section : data.sections()) {
            section(h, section);
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
        section(h, "parity", "Parity settings", table(parityTable(data.results())));
        section(h, "environment", "Broker settings and environment", table(brokerTable(data)) + environment(data));
        h.append("</main></body></html>");
        return h.toString();
    }

    /** A section of the report model. */
    private static void section(StringBuilder h, Section section) {
        StringBuilder body = new StringBuilder();
        if (section.explanation() != null) {
            body.append("<p>").append(esc(section.explanation())).append("</p>");
        }
        for (Section.Part part : section.parts()) {
            if (part instanceof Section.Table t) {
                if (t.heading() != null) {
                    body.append("<h3>").append(esc(t.heading())).append("</h3>");
                }
                body.append(table(t.table()));
            } else if (part instanceof Section.Paragraph p) {
                body.append("<p>").append(esc(p.text())).append("</p>");
            }
        }
        section(h, section.id(), section.title(), body.toString());
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
            String lateKill = SummaryTables.lateKill(r);
            if (lateKill != null) {
                flags.add("<span class=\"badge warn\">kill after publish</span> " + esc(cell) + ": " + esc(lateKill));
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
                            + " broker: " + esc(SummaryTables.cpuPerMessage(p))
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
        for (BrokerInfo b : data.brokers()) {
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
