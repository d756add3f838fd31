package dev.brokerbench.app.report;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Sweep;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RpcAccounting;
import dev.brokerbench.core.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Request/reply and one-way results: one row per cell with the three-point accounting, and per sweep a table of
 * rates by swept value (rows) and broker / client path (columns), the figures the published comparisons plot.
 */
public final class CallTables {
    private CallTables() {
    }

    /** Results of request/reply and one-way cells. */
    public static List<RunResult> of(List<RunResult> results) {
        return results.stream().filter(r -> r.rpc() != null).toList();
    }

    /** Results of queue workloads (the seed matrix, faults, batched acks). */
    public static List<RunResult> queues(List<RunResult> results) {
        return results.stream().filter(r -> r.rpc() == null).toList();
    }

    public static TextTable calls(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "what", "calls/s", "p50 µs", "p99 µs",
                "p99.9 µs", "CPU µs/call client / server / broker", "sent", "server received", "replies", "correct",
                "wrong", "late", "timed out", "retried", "answered twice", "lost", "status"));
        for (RunResult r : of(results)) {
            PhaseResult p = r.reportedPhase();
            RpcAccounting a = r.rpc();
            boolean oneWay = p.action() == Action.ONEWAY;
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), SummaryTables.caseLabel(r),
                    r.workload().title(), SummaryTables.rate(p.rate().overall()) + (oneWay ? " msg/s at servers" : ""),
                    p.latency() == null ? "-" : SummaryTables.micros(p.latency().p50Micros()),
                    p.latency() == null ? "-" : SummaryTables.micros(p.latency().p99Micros()),
                    p.latency() == null ? "-" : SummaryTables.micros(p.latency().p999Micros()), cpuPerCall(p),
                    SummaryTables.count(a.sent()), SummaryTables.count(a.serverReceived()),
                    oneWay ? "-" : SummaryTables.count(a.replies()), oneWay ? "-" : SummaryTables.count(a.correct()),
                    oneWay ? "-" : SummaryTables.count(a.wrongBody() + a.wrongCorrelation()),
                    oneWay ? "-" : SummaryTables.count(a.late()),
                    oneWay ? "-" : SummaryTables.count(a.timedOut()), oneWay ? "-" : SummaryTables.count(a.retried()),
                    oneWay ? "-" : SummaryTables.count(a.answeredTwice()), SummaryTables.count(a.lost()),
                    r.status().toString()));
        }
        return t;
    }

    /**
     * CPU per completed call (or one-way message) in µs: the suite's JVM (the clients, and the servers when they run
     * in it: "in client"), the server processes, the broker process; over the phase's active period.
     */
    public static String cpuPerCall(PhaseResult p) {
        var r = p.resources();
        if (r == null) {
            return "-";
        }
        double server = r.serverMicrosPerMessage(p.completed());
        return micros1(r.clientMicrosPerMessage(p.completed())) + " / "
                + (r.serverCpuSeconds() == null ? "in client" : micros1(server)) + " / "
                + micros1(r.brokerMicrosPerMessage(p.completed()));
    }

    private static String micros1(double v) {
        return Double.isNaN(v) ? "-" : String.format(java.util.Locale.ROOT, "%,.1f", v);
    }

    /**
     * Request/reply under a fault: what died (a server process, or the broker, restarted at once) after how many
     * answers, every call's fate (answered right, sent again, answered twice, never answered), the longest silence in
     * the answers after the kill, the broker's restart and the recovery (a server: from the kill to the first answer
     * to a call sent again; the broker: from ready again to the first answer).
     */
    public static TextTable underFaults(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "killed", "killed after", "retry policy",
                "calls", "answered right", "sends timed out", "retried", "answered twice", "never answered",
                "late", "wrong", "longest silence ms", "restart ms", "recovery ms", "broker's count", "status"));
        for (RunResult r : of(results)) {
            if (r.fault() == null) {
                continue;
            }
            RpcAccounting a = r.rpc();
            var retry = dev.brokerbench.core.model.CallCase.of(r.workload()).rpc().retry();
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), SummaryTables.caseLabel(r),
                    r.fault().killed() == dev.brokerbench.core.model.Fault.Target.BROKER ? "broker, restarted at once"
                            : r.fault().node() == null ? "-" : r.fault().node(),
                    SummaryTables.count(r.fault().countAtKill()) + " answered",
                    retry == null ? "none" : retry.label(), SummaryTables.count(a.sent()),
                    SummaryTables.count(a.correct()), SummaryTables.count(a.timedOut()),
                    SummaryTables.count(a.retried()), SummaryTables.count(a.answeredTwice()),
                    SummaryTables.count(a.neverAnswered()), SummaryTables.count(a.late()),
                    SummaryTables.count(a.wrongBody() + a.wrongCorrelation()),
                    SummaryTables.count(r.fault().silenceMillis()), SummaryTables.count(r.fault().restartMillis()),
                    SummaryTables.count(r.fault().recoveryMillis()), r.fault().brokerCount() == null ? "n/a"
                            : SummaryTables.count(r.fault().brokerCount().messages()) + " requests left"
                            + (r.fault().brokerRecovery() == null ? "" : " (its log: " + r.fault().brokerRecovery()
                            + ")"), r.status().toString()));
        }
        return t;
    }

    /** One sweep's results: its name, what it varies and its cells. */
    public record SweepResults(String series, String title, Sweep.Variable variable, Action action,
                               List<RunResult> results) {
        /** "calls/s" for request/reply, "msg/s" otherwise. */
        public String unit() {
            return action == Action.RPC ? "calls/s" : "msg/s";
        }
    }

    /** The results of each sweep, by sweep name; of a cell that ran more than once, its median repeat. */
    public static List<SweepResults> sweeps(List<RunResult> results) {
        Map<String, List<RunResult>> bySeries = new TreeMap<>();
        RepeatedCell.representatives(results).stream()
                .filter(r -> r.workload().point() != null && !r.workload().curvePoint()) // curves: CurveTables
                .forEach(r -> bySeries.computeIfAbsent(r.workload().point().series(), k -> new ArrayList<>()).add(r));
        List<SweepResults> sweeps = new ArrayList<>();
        bySeries.forEach((series, cells) -> {
            RunResult first = cells.get(0);
            sweeps.add(new SweepResults(series, seriesTitle(first),
                    first.workload().point().variable(), first.reportedPhase().action(), cells));
        });
        return sweeps;
    }

    /** The title of a sweep's cell without its point (" · payloadBytes 32"): the whole sweep's title. */
    static String seriesTitle(RunResult cell) {
        String title = cell.workload().title();
        int cut = title.lastIndexOf(" · " + cell.workload().point().variable().key());
        return cut > 0 ? title.substring(0, cut) : title;
    }

    /** Rates by swept value (rows) and broker / client path (columns); "-" where a cell did not run. */
    public static TextTable pivot(SweepResults sweep) {
        Map<String, Map<Long, RunResult>> byPath = new LinkedHashMap<>();
        TreeSet<Long> values = new TreeSet<>();
        for (RunResult r : sweep.results()) {
            byPath.computeIfAbsent(r.cellId().brokerPath().toString(), k -> new TreeMap<>())
                    .put(r.workload().point().value(), r);
            values.add(r.workload().point().value());
        }
        List<String> headers = new ArrayList<>(List.of(sweep.variable().key()));
        byPath.keySet().forEach(k -> headers.add(k + " " + sweep.unit()));
        TextTable t = new TextTable(headers);
        for (long v : values) {
            List<String> row = new ArrayList<>(List.of(SummaryTables.count(v)));
            byPath.values().forEach(cells -> {
                RunResult r = cells.get(v);
                row.add(r == null ? "-" : SummaryTables.rate(r.reportedPhase().rate().overall())
                        + (r.status().ok() ? "" : " " + r.status()));
            });
            t.add(row);
        }
        return t;
    }
}
