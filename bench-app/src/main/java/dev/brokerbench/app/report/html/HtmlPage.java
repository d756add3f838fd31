package dev.brokerbench.app.report.html;

import static dev.brokerbench.app.report.html.Html.esc;

import dev.brokerbench.app.report.RepeatedCell;
import dev.brokerbench.app.report.ReportData.JmhScore;
import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.app.report.Section;
import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.app.report.TextTable;
import dev.brokerbench.app.report.VerdictTable;
import dev.brokerbench.app.report.charts.Charts;
import dev.brokerbench.app.report.charts.VerdictCharts;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.result.EnvironmentInfo;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.stats.Estimate;
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

    /** A table longer than this is folded under its summary line (the per-repeat results always are). */
    static final int FOLD_ROWS = 20;

    public static String render(ReportData data, List<Charts.Png> charts, String title) {
        List<Section> sections = data.sections();
        boolean verdict = sections.stream().anyMatch(s -> s.id().equals(VerdictTable.ID));
        StringBuilder h = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>").append(esc(title)).append("</title><style>").append(CSS).append("</style></head><body>");
        h.append("<header><h1>").append(esc(title)).append("</h1><p id=\"what-ran\">").append(esc(data.whatRan()))
                .append("</p></header><main>");
        flags(h, data);
        Charts.Palette palette = Charts.palette(data.results(), data.jmh());
        for (Section section : sections) {
            if (section.id().equals(VerdictTable.ID)) {
                verdict(h, section, charts, palette);
            } else {
                boolean results = section.id().equals("results"); // every repeat: below the verdict, folded
                boolean comparison = section.id().equals("comparison"); // the verdict's figures: open
                section(h, section, results ? verdict ? Fold.FOLDED : Fold.OPEN : comparison ? Fold.NEVER : Fold.LONG,
                        results ? "every repeat of every cell (case #k = repeat k)" : section.title());
            }
        }
        charts(h, data, charts);
        if (!data.jmh().isEmpty()) {
            section(h, "jmh", "JMH", "<p>Four threads, each its own session, against the same broker processes."
                    + " Consume scores are single-shot drains of a pre-filled queue, converted to msg/s. A score whose"
                    + " 99.9 % error is wider than 10 % of it is no ground for a ranking (the matrix above is).</p>"
                    + folded(jmhTable(data.jmh()), "every score", Fold.LONG));
        }
        section(h, "parity", "Parity settings", folded(parityTable(data.results()),
                "every setting of every broker / client path", Fold.LONG));
        section(h, "environment", "Broker settings and environment", folded(brokerTable(data),
                "every setting of every broker", Fold.LONG) + environment(data));
        h.append("</main></body></html>");
        return h.toString();
    }

    /** Whether a section is folded: whole (closed or open), each table longer than {@link #FOLD_ROWS}, or never. */
    private enum Fold {
        FOLDED, OPEN, LONG, NEVER
    }

    /**
     * The verdict: per case a small chart of every broker / client path's geometric mean with its interval, and the
     * ranking in words under it, in a grid that puts the seed cases on one screen.
     */
    private static void verdict(StringBuilder h, Section section, List<Charts.Png> charts, Charts.Palette palette) {
        StringBuilder body = new StringBuilder("<p class=\"lead\">Per case, fastest first: dot, the " + Estimate.NAME
                + " of a broker / client path's repeats as a share of the case's fastest; line, its "
                + esc(Estimate.INTERVAL) + "; under each chart the ranking by Welch's t-test on log rates (the rule and"
                + " every figure: the comparison below).</p>");
        body.append("<div class=\"verdicts\">");
        for (Section.Part part : section.parts()) {
            if (!(part instanceof Section.Table t)) {
                continue;
            }
            String caseName = t.chart() == null ? "" : VerdictCharts.caseOf(t.chart());
            body.append("<figure class=\"verdict\" id=\"verdict-").append(esc(caseName)).append("\">");
            Charts.Png png = charts.stream().filter(c -> c.name().equals(t.chart())).findFirst().orElse(null);
            if (png != null) {
                body.append(image(png));
            } else {
                body.append("<h3>").append(esc(t.heading())).append("</h3>");
            }
            body.append("<figcaption><ol class=\"ranking\">");
            int path = t.table().headers().indexOf(VerdictTable.PATH);
            int ranking = t.table().headers().indexOf(VerdictTable.RANKING);
            int status = t.table().headers().indexOf(VerdictTable.STATUS);
            for (List<String> row : t.table().rows()) {
                java.awt.Color color = palette.of(row.get(path));
                body.append("<li><span class=\"swatch\" style=\"background:")
                        .append(String.format(java.util.Locale.ROOT, "#%06x", color.getRGB() & 0xffffff))
                        .append("\"></span><b>").append(esc(row.get(path))).append("</b>");
                if (!row.get(status).equals(Status.OK.toString())) {
                    body.append(" <span class=\"badge bad\">").append(esc(row.get(status))).append("</span>");
                }
                body.append(": ").append(esc(row.get(ranking))).append("</li>");
            }
            body.append("</ol></figcaption></figure>");
        }
        body.append("</div>");
        section(h, section.id(), section.title(), body.toString());
    }

    /** A section of the report model. */
    private static void section(StringBuilder h, Section section, Fold fold, String summary) {
        StringBuilder body = new StringBuilder();
        if (section.explanation() != null) {
            body.append("<p>").append(esc(section.explanation())).append("</p>");
        }
        int rows = 0;
        for (Section.Part part : section.parts()) {
            if (part instanceof Section.Table t) {
                rows += t.table().rows().size();
                if (t.heading() != null) {
                    body.append("<h3>").append(esc(t.heading())).append("</h3>");
                }
                body.append(fold == Fold.LONG ? folded(t.table(), t.heading() == null ? section.title() : t.heading(),
                        Fold.LONG) : table(t.table()));
            } else if (part instanceof Section.Paragraph p) {
                body.append("<p>").append(esc(p.text())).append("</p>");
            }
        }
        if (fold == Fold.FOLDED || fold == Fold.OPEN) { // the whole section under one line
            body.insert(0, "<details class=\"fold\"" + (fold == Fold.OPEN ? " open" : "") + "><summary>"
                    + esc(summary) + ": " + rows
                    + (rows == 1 ? " row" : " rows") + "</summary>").append("</details>");
        }
        section(h, section.id(), section.title(), body.toString());
    }

    /** A table, folded under a line that says what it holds when it is long. */
    private static String folded(TextTable t, String what, Fold fold) {
        int rows = t.rows().size();
        if (fold == Fold.LONG && rows <= FOLD_ROWS) {
            return table(t);
        }
        return "<details class=\"fold\"><summary>" + esc(what == null ? "the table" : what) + ": " + rows
                + " rows</summary>" + table(t) + "</details>";
    }

    private static void section(StringBuilder h, String id, String title, String body) {
        h.append("<section id=\"").append(id).append("\"><h2>").append(esc(title)).append("</h2>").append(body)
                .append("</section>");
    }

    /**
     * The charts: those over cases and sweeps open, then the charts of each case (one repeat per cell) folded under
     * the case's line. The verdict's are drawn in the verdict.
     */
    private static void charts(StringBuilder h, ReportData data, List<Charts.Png> charts) {
        List<Charts.Png> rest = charts.stream().filter(c -> !VerdictCharts.isVerdict(c)).toList();
        if (rest.isEmpty()) {
            return;
        }
        h.append("<section id=\"charts\"><h2>Charts</h2>");
        List<Charts.Png> open = rest.stream().filter(c -> c.caseName() == null).toList();
        if (!open.isEmpty()) {
            h.append("<div class=\"charts\">");
            open.forEach(png -> figure(h, png));
            h.append("</div>");
        }
        Map<String, List<Charts.Png>> byCase = new LinkedHashMap<>();
        rest.stream().filter(c -> c.caseName() != null)
                .forEach(c -> byCase.computeIfAbsent(c.caseName(), k -> new ArrayList<>()).add(c));
        if (!byCase.isEmpty()) {
            h.append("<p>Per case: each cell's progress, its rate windows and its latency, drawn from one repeat:"
                    + " the one whose overall rate is the median of the cell's repeats (of two, the slower).</p>");
        }
        byCase.forEach((caseName, own) -> {
            String title = data.results().stream().filter(r -> r.workload().name().equals(caseName)).findFirst()
                    .map(r -> r.workload().title()).orElse("");
            String kinds = String.join(", ", own.stream().map(c -> c.title().startsWith(caseName + " ")
                    ? c.title().substring(caseName.length() + 1) : c.title()).toList());
            h.append("<details class=\"fold\" id=\"charts-").append(esc(caseName)).append("\"><summary>")
                    .append(esc(caseName)).append(": ").append(esc(title)).append(" (").append(esc(kinds))
                    .append(")</summary><div class=\"charts\">");
            own.forEach(png -> figure(h, png));
            h.append("</div></details>");
        });
        h.append("</section>");
    }

    private static void figure(StringBuilder h, Charts.Png png) {
        h.append("<figure>").append(image(png)).append("<figcaption>").append(esc(png.title()))
                .append("</figcaption></figure>");
    }

    /** The chart as an embedded PNG, with its size in CSS pixels where it was drawn at twice its size. */
    private static String image(Charts.Png png) {
        StringBuilder h = new StringBuilder("<img class=\"chart\" id=\"chart-").append(esc(png.name()))
                .append("\" alt=\"").append(esc(png.title())).append('"');
        if (VerdictCharts.isVerdict(png)) {
            int[] size = size(png.bytes());
            h.append(" width=\"").append(size[0] / 2).append("\" height=\"").append(size[1] / 2).append('"');
        }
        return h.append(" src=\"data:image/png;base64,").append(Base64.getEncoder().encodeToString(png.bytes()))
                .append("\">").toString();
    }

    /** Width and height from a PNG's header (IHDR). */
    static int[] size(byte[] png) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(png);
        return new int[] {b.getInt(16), b.getInt(20)};
    }

    /** Loss, duplicates, errors and warnings: a line per kind with every cell it names, then each flag in full. */
    private static void flags(StringBuilder h, ReportData data) {
        record Flag(String kind, boolean bad, String cell, String text) {
        }
        List<Flag> flags = new ArrayList<>();
        for (RunResult r : data.results()) {
            String cell = r.cellId().brokerPath() + " / " + SummaryTables.caseLabel(r);
            if (!r.status().ok()) {
                String summary = r.rpc() != null ? r.rpc().summary()
                        : r.accounting() == null ? "no accounting" : r.accounting().summary();
                String stopped = r.brokerStopped() == null ? ""
                        : "the broker " + dev.brokerbench.core.broker.CredentialMask.mask(r.brokerStopped()) + "; ";
                flags.add(new Flag(r.status().toString(), true, cell, stopped + r.faultMissed()
                        .map(why -> why + "; " + summary).orElse(summary)));
            }
            if (r.leftover() != null && r.leftover().messages() > 0) {
                flags.add(new Flag("leftover", false, cell, "the cell's queue held " + r.leftover().messages()
                        + " messages before the measured pass (" + r.leftover().source() + "), left by its warm-up"));
            }
            String lateKill = SummaryTables.lateKill(r);
            if (lateKill != null) {
                flags.add(new Flag("kill after publish", false, cell, lateKill));
            }
            if (r.brokerPressure() != null) {
                r.brokerPressure().forEach(c -> flags.add(new Flag("broker pressure", false, cell, "the broker " + c)));
            }
            if (r.caveats() != null && r.repeatOrSingle().index() == 1) { // said once per cell, not per repeat
                r.caveats().forEach(c -> flags.add(new Flag("not equivalent", false, r.cellId().toString(), c)));
            }
            r.phases().stream().filter(p -> p.reported() && p.resources().clientSaturated()).findFirst()
                    .ifPresent(p -> flags.add(new Flag("client-limited", false, cell, p.resources().clientLimit()
                            .reason() + " (CPU µs per message, client / broker: " + SummaryTables.cpuPerMessage(p)
                            + "); the figure may be the load generator's limit")));
        }
        h.append("<section id=\"flags\"><h2>Flags</h2>");
        if (flags.isEmpty()) {
            h.append("<p><span class=\"badge ok\">clean</span> every cell delivered every message exactly once"
                    + " (every call answered correctly), without errors, and no client plausibly limited a figure.</p>");
        } else {
            // a line per kind, loss, duplicates and errors first: prominent however many warnings there are
            Map<String, List<Flag>> byKind = new LinkedHashMap<>();
            flags.stream().filter(Flag::bad).forEach(f -> byKind.computeIfAbsent(f.kind(), k -> new ArrayList<>()).add(f));
            flags.stream().filter(f -> !f.bad()).forEach(f -> byKind.computeIfAbsent(f.kind(), k -> new ArrayList<>())
                    .add(f));
            h.append("<ul class=\"flags\">");
            byKind.forEach((kind, own) -> h.append("<li><span class=\"badge ").append(own.get(0).bad() ? "bad" : "warn")
                    .append("\">").append(esc(kind)).append("</span> ").append(own.size() == 1 ? "" : own.size() + ": ")
                    .append(esc(String.join(", ", own.stream().map(Flag::cell).distinct().toList()))).append("</li>"));
            h.append("</ul><details class=\"fold\" id=\"flags-in-full\"><summary>each flag in full: ")
                    .append(flags.size()).append("</summary><ul class=\"flags\">");
            flags.forEach(f -> h.append("<li><span class=\"badge ").append(f.bad() ? "bad" : "warn").append("\">")
                    .append(esc(f.kind())).append("</span> ").append(esc(f.cell())).append(": ").append(esc(f.text()))
                    .append("</li>"));
            h.append("</ul></details>");
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
            seen.putIfAbsent(r.cellId().brokerPath() + " (" + r.client().library()
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
