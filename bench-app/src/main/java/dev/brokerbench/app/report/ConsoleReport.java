package dev.brokerbench.app.report;

import dev.brokerbench.core.machine.Calibration;
import java.io.PrintStream;

/** The summary {@code bench run} prints when its cells are done: the console's rendering of a run's results. */
public final class ConsoleReport {
    private ConsoleReport() {
    }

    public static void print(PrintStream console, RunSummary summary, Calibration calibration) {
        console.println();
        if (RepeatedCell.anyRepeated(summary.results())) {
            console.println("Comparison over repeats (" + ComparisonTable.NOTE + "):");
            console.print(ComparisonTable.of(RepeatedCell.of(summary.results()), calibration).console());
            RoundDrift.of(RepeatedCell.of(summary.results())).ifPresent(d -> console.println(d.describe()));
            console.println();
        }
        if (!CallTables.queues(summary.results()).isEmpty()) {
            console.print(SummaryTables.results(summary.results()).console());
        }
        if (!CallTables.of(summary.results()).isEmpty()) {
            console.println();
            console.println("Request/reply and one-way (sent by clients, received by servers, replies checked):");
            console.print(CallTables.calls(summary.results()).console());
            for (CallTables.SweepResults sweep : CallTables.sweeps(summary.results())) {
                console.println();
                console.println(sweep.series() + ": " + sweep.title() + " (" + sweep.unit() + ")");
                console.print(CallTables.pivot(sweep).console());
            }
        }
        TextTable durability = SummaryTables.durability(summary.results());
        if (!durability.isEmpty()) {
            console.println();
            console.println("Durability (kill -9 of the broker mid-publish and restart, or of one consumer process"
                    + " mid-drain; then reconcile):");
            console.print(durability.console());
        }
        if (!summary.missing().isEmpty()) {
            console.println();
            console.println("Not run:");
            console.print(SummaryTables.missing(summary.missing()).console());
        }
        if (!summary.brokers().isEmpty()) {
            console.println();
            console.print(SummaryTables.brokers(summary.brokers()).console());
        }
    }
}
