package dev.brokerbench.app.report;

import java.util.List;

/**
 * One section of a run's report, built once and rendered alike by the console summary, summary.md, report.md and
 * index.html.
 *
 * @param id    stable anchor (the page's section id)
 * @param title heading
 * @param lead  what the section shows in one line (the console's heading says it in brackets); may be null
 * @param note  what its figures mean, for the written reports; null where the lead says it all
 * @param parts its tables and paragraphs, in order
 */
public record Section(String id, String title, String lead, String note, List<Part> parts) {
    public Section {
        parts = List.copyOf(parts);
    }

    /** A piece of a section. */
    public sealed interface Part permits Table, Paragraph {
    }

    /**
     * A table, under a sub-heading where it is one of several (e.g. one per sweep); heading may be null.
     *
     * @param chart the name of the chart that draws the same figures (the written reports show it with the table);
     *              null for none
     */
    public record Table(String heading, TextTable table, String chart) implements Part {
        public Table(String heading, TextTable table) {
            this(heading, table, null);
        }
    }

    public record Paragraph(String text) implements Part {
    }

    /** The prose the written reports print under the heading: the note, or else the lead. */
    public String explanation() {
        return note != null ? note : lead;
    }
}
