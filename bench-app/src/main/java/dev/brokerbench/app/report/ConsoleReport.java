package dev.brokerbench.app.report;

import java.io.PrintStream;
import java.util.List;

/** The summary {@code bench run} prints when its cells are done: the console's rendering of the report sections. */
public final class ConsoleReport {
    private ConsoleReport() {
    }

    public static void print(PrintStream console, List<Section> sections) {
        for (Section section : sections) {
            console.println();
            console.println(section.title() + (section.lead() == null ? "" : " (" + section.lead() + ")") + ":");
            for (Section.Part part : section.parts()) {
                if (part instanceof Section.Table t) {
                    if (t.heading() != null) {
                        console.println();
                        console.println(t.heading());
                    }
                    console.print(t.table().console());
                } else if (part instanceof Section.Paragraph p) {
                    console.println(p.text());
                }
            }
        }
    }
}
