package dev.brokerbench.app.report;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Processing;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.BacklogDrain;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.ScheduleStep;
import java.util.List;
import java.util.Locale;

/**
 * Cells whose workload is shaped like an application's rather than the seed matrix: bodies of several sizes (rates in
 * MB/s beside msg/s), slow consumers (the most their processing lets them take, beside what they took), rate
 * schedules (each step's figures), backlogs and many queues ({@link DestinationTables}).
 */
public final class TrafficTables {
    static final String NOTE = "Cases with bodies of several sizes, slow consumers, a rate schedule, a backlog or many"
            + " queues (and"
            + " any case run with --sizes or --processing). MB/s counts the body bytes of the completions"
            + " (confirmations of the publish, first receipts of the drain or live consumers) per second of the phase's active time, 10^6 bytes to the MB;"
            + " each body's size is drawn from its producer and sequence number, and the consumers check every body"
            + " arrived at its size. Consumers' ceiling: how many messages per second the consumers could take if"
            + " they did nothing but spend the processing time on each (consumers / mean time): a received rate near"
            + " it means the consumers, not the broker, set the pace, and the queue grows while publishers offer"
            + " more. Steps of a rate schedule: each message belongs to the step its intended send time falls in;"
            + " sent counts those that arrived, end-to-end and send delay are theirs, from the intended send time;"
            + " received msg/s counts first receipts within the step's time (a backlog a burst left is received in"
            + " the steps after it). Backlogs: the consumers subscribe once the publishers' confirmed messages"
            + " reach the depth, then drain while the publishers go on; caught up = from the consumers' start to the"
            + " first receipt of the last message sent before it; drain msg/s = first receipts per second over that"
            + " time; end-to-end is split at that instant." + DestinationTables.NOTE;

    private TrafficTables() {
    }

    /** Cells with a size mix or slow consumers, but for calls (their sizes show in {@link CallTables}). */
    public static List<RunResult> of(List<RunResult> results) {
        return results.stream().filter(r -> !r.workload().calls() && shaped(r.workload())).toList();
    }

    private static boolean shaped(Workload w) {
        return w.sizes() != null || !w.randomBytes().all() || !w.processing().none() || scheduled(w) || backlogged(w)
                || w.destinations() != null;
    }

    private static boolean scheduled(Workload w) {
        return w.shape() instanceof LiveCase l && l.schedule() != null;
    }

    private static boolean backlogged(Workload w) {
        return w.shape() instanceof LiveCase l && l.backlog() != null;
    }

    /** Cells whose consumers drained a backlog. */
    public static List<RunResult> backlogged(List<RunResult> results) {
        return results.stream().filter(r -> backlogged(r.workload())).toList();
    }

    /** How each backlogged cell's consumers drained it. */
    public static TextTable drains(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "depth at start", "built in s",
                "backlog received / sent before", "caught up in s", "still waiting then", "drain msg/s",
                "publishers msg/s",
                "end-to-end until caught up p50 / p99 / max µs", "after p50 / p99 / max µs", "lost", "status"));
        for (RunResult r : backlogged(results)) {
            BacklogDrain d = r.reportedPhase().backlog();
            PhaseResult published = phase(r, true);
            if (d == null) {
                continue; // the cell failed before its consumers ran
            }
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), SummaryTables.caseLabel(r),
                    SummaryTables.count(d.depth()), String.format(Locale.ROOT, "%.2f", d.startSeconds()),
                    SummaryTables.count(d.backlog()) + " / " + (d.sentBefore() == null ? "-"
                            : SummaryTables.count(d.sentBefore())),
                    d.catchUpSeconds() == null ? "never" : String.format(Locale.ROOT, "%.2f", d.catchUpSeconds()),
                    d.waitingAtCatchUp() == null ? "-" : SummaryTables.count(d.waitingAtCatchUp()),
                    d.drainRate() == null ? "-" : SummaryTables.rate(d.drainRate()), rate(published),
                    LiveTables.micros(d.during(), LatencySummary::p50Micros, LatencySummary::p99Micros,
                            LatencySummary::maxMicros),
                    LiveTables.micros(d.after(), LatencySummary::p50Micros, LatencySummary::p99Micros,
                            LatencySummary::maxMicros),
                    SummaryTables.lost(r), r.status().toString()));
        }
        return t;
    }

    /** Cells on a rate schedule. */
    public static List<RunResult> scheduled(List<RunResult> results) {
        return results.stream().filter(r -> scheduled(r.workload())).toList();
    }

    /** Each step of each scheduled cell: what it offered, what arrived, and the latency of its messages. */
    public static TextTable steps(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "step", "offered", "sent",
                "arrived", "received msg/s", "end-to-end p50 / p99 / max µs", "send delay p99 / max µs"));
        for (RunResult r : scheduled(results)) {
            List<ScheduleStep> steps = r.reportedPhase().steps();
            for (int i = 0; i < steps.size(); i++) {
                ScheduleStep s = steps.get(i);
                t.add(List.of(r.broker().brokerId(), r.client().clientPath(), SummaryTables.caseLabel(r),
                        String.valueOf(i + 1), s.step().label(), SummaryTables.count(s.sent()),
                        s.arrived() == null ? "-" : SummaryTables.count(s.arrived()),
                        SummaryTables.rate(s.receivedRate()),
                        LiveTables.micros(s.endToEnd(), LatencySummary::p50Micros, LatencySummary::p99Micros,
                                LatencySummary::maxMicros),
                        LiveTables.micros(s.sendDelay(), LatencySummary::p99Micros, LatencySummary::maxMicros)));
            }
        }
        return t;
    }

    public static TextTable traffic(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "body bytes", "consumers spend",
                "consumers' ceiling msg/s", "published msg/s", "published MB/s", "received msg/s", "received MB/s",
                "end-to-end p50 / p99 / max µs", "sent", "received", "dup", "lost", "status"));
        for (RunResult r : of(results)) {
            Workload w = r.workload();
            PhaseResult published = phase(r, true);
            PhaseResult received = phase(r, false);
            Accounting a = r.accounting();
            Processing p = w.processing();
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), SummaryTables.caseLabel(r),
                    w.bodyLabel(),
                    p.none() ? "-" : p.text(), p.none() ? "-" : SummaryTables.rate(p.ceiling(w.consumers())),
                    rate(published), megabytes(published), rate(received), megabytes(received),
                    received == null ? "-" : LiveTables.micros(received.endToEnd(), LatencySummary::p50Micros,
                            LatencySummary::p99Micros, LatencySummary::maxMicros),
                    a == null ? "-" : SummaryTables.count(a.sent()),
                    a == null ? "-" : SummaryTables.count(a.received()),
                    a == null ? "-" : SummaryTables.count(a.duplicates()),
                    SummaryTables.lost(r), r.status().toString()));
        }
        return t;
    }

    /**
     * The cell's last publish phase ({@code publishing}: a live cell's publishers) or its last consume or live
     * phase; null when it has none.
     */
    private static PhaseResult phase(RunResult r, boolean publishing) {
        return r.phases().stream().filter(p -> (p.action() == Action.PUBLISH) == publishing).reduce((a, b) -> b)
                .orElse(null);
    }

    private static String rate(PhaseResult p) {
        return p == null ? "-" : SummaryTables.rate(p.rate().overall());
    }

    private static String megabytes(PhaseResult p) {
        Double mb = p == null ? null : p.megabytesPerSecond();
        return mb == null ? "-" : String.format(Locale.ROOT, mb >= 10 ? "%,.0f" : "%.2f", mb);
    }
}
