package dev.brokerbench.app.report;

import dev.brokerbench.app.report.PublishedComparison.Observation;
import dev.brokerbench.app.report.PublishedComparison.Row;
import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.BrokerGc;
import dev.brokerbench.core.result.BrokerPath;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The published comparison's observations, each checked against a run: what the run showed, or why it could not. */
final class PublishedObservations {
    /** A cell whose broker spent this share of it paused in GC stalled, as a client sees it. */
    static final double STALL_SHARE = 0.10;

    private PublishedObservations() {
    }

    static List<String> of(PublishedComparison published, List<RunResult> results, List<RunSummary.Missing> missing,
                           Calibration calibration) {
        List<String> lines = new ArrayList<>();
        for (Observation o : published.observations()) {
            String here = switch (o.kind()) {
                case ABSENT_CASES -> absentCases(published, o, results, missing);
                case HEAP_STALLS -> heapStalls(o.broker(), results);
                case PERSISTENCE_BOUND -> persistenceBound(published, results, calibration);
            };
            lines.add("Published: " + o.text() + ". Here: " + here);
        }
        return lines;
    }

    /** The cases the row had no mean for, as this run ran or refused them on its broker and client path. */
    static String absentCases(PublishedComparison published, Observation o, List<RunResult> results,
                              List<RunSummary.Missing> missing) {
        BrokerPath bp = new BrokerPath(o.broker(), o.path());
        Optional<Row> row = published.row(bp);
        List<String> absent = published.cases().stream().filter(c -> row.map(r -> r.mean(c).isEmpty()).orElse(true))
                .toList();
        List<String> seen = new ArrayList<>();
        for (String c : absent) {
            results.stream().filter(r -> r.cellId().brokerPath().equals(bp) && r.workload().name().equals(c))
                    .findFirst().ifPresent(r -> seen.add(c + " ran at " + SummaryTables.rate(RepeatedCell.rate(r))
                            + " msg/s (" + r.status() + ")"));
            missing.stream().filter(m -> m.broker().equals(o.broker()) && m.clientPath().equals(o.path())
                    && m.workload().equals(c)).findFirst().ifPresent(m -> seen.add(c + " not run: " + m.reason()));
        }
        return seen.isEmpty() ? "not checked: this run selected none of " + String.join(", ", absent) + " on " + bp
                + "." : bp + ": " + String.join("; ", seen) + ".";
    }

    /** Whether {@code broker}'s cells show a stall: the watch caught it, or GC paused it a tenth of a cell. */
    static String heapStalls(String broker, List<RunResult> results) {
        List<RunResult> cells = results.stream().filter(r -> r.broker().brokerId().equals(broker)).toList();
        if (cells.isEmpty()) {
            return "not checked: no " + broker + " cell in this run.";
        }
        List<String> stopped = cells.stream().filter(r -> r.brokerStopped() != null)
                .map(r -> SummaryTables.caseLabel(r) + " on " + r.client().clientPath()).toList();
        List<BrokerGc> gc = gc(cells);
        if (gc.isEmpty()) {
            return (stopped.isEmpty() ? "not checked: " : "the broker stopped answering in " + stopped + "; ")
                    + "no GC log of " + broker + " in this run (a container or a broker the suite did not start).";
        }
        double paused = gc.stream().mapToDouble(BrokerGc::pausedShare).max().orElse(0);
        long stalled = gc.stream().filter(g -> g.pausedShare() >= STALL_SHARE).count();
        int full = gc.stream().mapToInt(BrokerGc::fullCollections).sum();
        String figures = String.format(Locale.ROOT, "its GC paused it at most %.1f %% of a cell, %,d full"
                + " collections in %d cells", paused * 100, full, gc.size());
        if (stopped.isEmpty() && stalled == 0) {
            return "not seen: " + figures + " (a stall = the watch caught it, or " + Math.round(STALL_SHARE * 100)
                    + " % of a cell paused).";
        }
        return "seen: " + (stopped.isEmpty() ? "" : "it stopped answering in " + String.join(", ", stopped) + "; ")
                + figures + (stalled == 0 ? "" : ", " + stalled + " of them paused " + Math.round(STALL_SHARE * 100)
                + " % or more") + ".";
    }

    /** Each sync-publish case's rates per broker and client path, as multiples of the disk's syncs per second. */
    static String persistenceBound(PublishedComparison published, List<RunResult> results, Calibration calibration) {
        if (calibration == null || calibration.fsyncPerSecond() <= 0) {
            return "not checked: no measure of the disk's syncs/s in this run.";
        }
        Map<String, List<RunResult>> byBrokerCase = RepeatedCell.representatives(results).stream()
                .filter(r -> published.cases().contains(r.workload().name()) && syncPublish(r))
                .collect(Collectors.groupingBy(r -> r.workload().name() + " " + r.broker().brokerId(), TreeMap::new,
                        Collectors.toList()));
        if (byBrokerCase.isEmpty()) {
            return "not checked: no sync publish case ran.";
        }
        List<String> parts = new ArrayList<>();
        double syncs = calibration.fsyncPerSecond();
        byBrokerCase.forEach((key, cells) -> parts.add(key + ": " + cells.stream().map(r -> String.format(
                Locale.ROOT, "%s x%.2f", r.client().clientPath(), RepeatedCell.rate(r) / syncs))
                .collect(Collectors.joining(", ")) + spread(cells)));
        return String.format(Locale.ROOT, "sync publish in multiples of the disk's %,.0f syncs/s (4 KiB write +"
                + " fdatasync, one client): ", calibration.fsyncPerSecond()) + String.join("; ", parts)
                + ". Paths of one broker close to each other and near x1 point to the disk, far apart to the"
                + " protocol and its client.";
    }

    private static String spread(List<RunResult> cells) {
        if (cells.size() < 2) {
            return "";
        }
        double max = cells.stream().mapToDouble(RepeatedCell::rate).max().orElse(0);
        double min = cells.stream().mapToDouble(RepeatedCell::rate).min().orElse(0);
        return min > 0 ? String.format(Locale.ROOT, " (fastest x%.2f the slowest)", max / min) : "";
    }

    /** Whether {@code r} is a publish case whose sends waited for each confirmation. */
    private static boolean syncPublish(RunResult r) {
        PhaseResult p = r.reportedPhase();
        return p != null && p.mode() == PublishMode.SYNC;
    }

    /** The GC figures of every cell of {@code results} that has them. */
    private static List<BrokerGc> gc(List<RunResult> results) {
        return results.stream().map(RunResult::brokerGc).filter(java.util.Objects::nonNull).toList();
    }
}
