package dev.brokerbench.app.report;

import dev.brokerbench.app.report.charts.Charts;
import dev.brokerbench.core.machine.Calibration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The Markdown rendering of the report sections: summary.md of a run, report.md of a report (with its charts). */
public final class MarkdownReport {
    private MarkdownReport() {
    }

    /** summary.md, written next to a run's JSON results. */
    public static String runSummary(String runId, double scale, Calibration machine, List<Section> sections) {
        return render("brokerbench run " + runId, List.of("Scale " + scale + " of the published message counts.",
                "Machine: " + machine.describe() + "."), sections, List.of());
    }

    /**
     * @param title  the document's heading
     * @param intro  paragraphs before the sections (run, scale, machine)
     * @param charts files under {@code charts/}: a table's own chart (the verdict's) above it, the others below the
     *               sections; empty for none
     */
    public static String render(String title, List<String> intro, List<Section> sections, List<Charts.Png> charts) {
        StringBuilder sb = new StringBuilder("# ").append(title).append("\n\n");
        intro.forEach(p -> sb.append(p).append("\n\n"));
        Set<String> shown = new HashSet<>();
        for (Section section : sections) {
            sb.append("## ").append(section.title()).append("\n\n");
            if (section.explanation() != null) {
                sb.append(section.explanation()).append("\n\n");
            }
            for (Section.Part part : section.parts()) {
                if (part instanceof Section.Table t) {
                    if (t.heading() != null) {
                        sb.append("### ").append(t.heading()).append("\n\n");
                    }
                    charts.stream().filter(c -> c.name().equals(t.chart())).findFirst().ifPresent(c -> {
                        image(sb, c);
                        shown.add(c.name());
                    });
                    sb.append(t.table().markdown()).append('\n');
                } else if (part instanceof Section.Paragraph p) {
                    sb.append(p.text()).append("\n\n");
                }
            }
        }
        List<Charts.Png> rest = charts.stream().filter(c -> !shown.contains(c.name())).toList();
        if (!rest.isEmpty()) {
            sb.append("## Charts\n\n");
            rest.forEach(c -> image(sb, c));
        }
        return sb.toString();
    }

    private static void image(StringBuilder sb, Charts.Png c) {
        sb.append("![").append(c.title()).append("](charts/").append(c.name()).append(".png)\n\n");
    }
}
