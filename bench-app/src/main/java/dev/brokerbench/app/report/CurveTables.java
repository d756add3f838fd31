package dev.brokerbench.app.report;

import dev.brokerbench.core.result.BrokerPath;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.SearchStep;
import dev.brokerbench.core.result.SustainedRate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Latency curves: per broker and client path, the highest rate its search found sustained and, at percentages of
 * it, the end-to-end and confirm latency and the send delay, all from each message's intended send time.
 */
public final class CurveTables {
    static final String NOTE = "Each broker and client path is first searched for the highest offered rate it"
            + " sustains (live steps at rising rates; the rule is printed under the steps; \"search ended\" says"
            + " whether it converged or stopped at its ceiling or its step cap, short of its precision). Then"
            + " publishers and"
            + " consumers run at fixed offered rates of that many percent of it; every message is timed from its"
            + " intended send, so a stall is charged to every message it delayed (no coordinated omission)."
            + " End-to-end: intended send to first receipt; confirm: intended send to the broker's confirmation;"
            + " send delay: how late sends left behind the schedule. The chart draws p99 (solid) and p50 (dashed)"
            + " end-to-end against the offered rate: where a line turns up is the knee.";

    private CurveTables() {
    }

    /** Results of latency curve points. */
    public static List<RunResult> of(List<RunResult> results) {
        return results.stream().filter(r -> r.workload().curvePoint()).toList();
    }

    /**
     * One curve on one broker and client path.
     *
     * @param series the curve's case, e.g. {@code l3}
     * @param title  its title without the point
     * @param search what the search found
     * @param points the median repeat of each point, by rising percentage
     */
    public record Curve(String series, String title, String broker, String path, SustainedRate search,
                        List<RunResult> points) {
        /** The broker / client path name charts and tables use. */
        public String name() {
            return new BrokerPath(broker, path).toString();
        }

        /** The point at {@code percent}, if it ran. */
        Optional<RunResult> at(long percent) {
            return points.stream().filter(p -> p.workload().point().value() == percent).findFirst();
        }
    }

    public static List<Curve> curves(List<RunResult> results) {
        Map<String, List<RunResult>> byCurve = new LinkedHashMap<>();
        RepeatedCell.representatives(of(results)).stream()
                .sorted(Comparator.comparing((RunResult r) -> r.workload().point().series())
                        .thenComparing(r -> r.broker().brokerId()).thenComparing(r -> r.client().clientPath()))
                .forEach(r -> byCurve.computeIfAbsent(r.workload().point().series() + " " + r.broker().brokerId()
                        + " " + r.client().clientPath(), k -> new ArrayList<>()).add(r));
        List<Curve> curves = new ArrayList<>();
        byCurve.values().forEach(points -> {
            RunResult first = points.get(0);
            curves.add(new Curve(first.workload().point().series(), CallTables.seriesTitle(first),
                    first.broker().brokerId(), first.client().clientPath(), first.rateSearch(),
                    points.stream().sorted(Comparator.comparingLong(r -> r.workload().point().value())).toList()));
        });
        return curves;
    }

    /**
     * Per curve: the highest sustained rate, what stopped the search and how it ended (converged, or at its ceiling or
     * step cap), and p99 at half and nine tenths of it.
     */
    public static TextTable summary(List<Curve> curves) {
        TextTable t = new TextTable(List.of("curve", "broker", "client path", "highest sustained msg/s", "stopped by",
                "steps", "search ended", "end-to-end p99 at 50 % µs", "at 90 % µs", "confirm p99 at 50 % µs",
                "at 90 % µs"));
        for (Curve c : curves) {
            t.add(List.of(c.series(), c.broker(), c.path(), SummaryTables.rate(c.search().highest()),
                    c.search().stoppedBy() == null ? "the search's ceiling" : c.search().stoppedBy().description(),
                    String.valueOf(c.search().steps().size()), c.search().endDescription(),
                    p99(c, 50, CurveTables::endToEnd),
                    p99(c, 90, CurveTables::endToEnd), p99(c, 50, CurveTables::confirm), p99(c, 90, CurveTables::confirm)));
        }
        return t;
    }

    private static String p99(Curve c, long percent, java.util.function.Function<RunResult, LatencySummary> of) {
        return c.at(percent).map(of).map(l -> SummaryTables.micros(l.p99Micros())).orElse("-");
    }

    private static LatencySummary endToEnd(RunResult point) {
        return point.reportedPhase().endToEnd();
    }

    /** The publishers' confirm latency; null where they have none. */
    private static LatencySummary confirm(RunResult point) {
        PhaseResult publishers = LiveTables.publishers(point);
        return publishers == null ? null : publishers.latency();
    }

    /** Every point (every repeat) with its latencies. */
    public static TextTable points(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "% of highest", "offered msg/s",
                "received msg/s", "end-to-end p50 / p99 / p99.9 / max µs", "confirm p50 / p99 / p99.9 / max µs",
                "send delay p50 / p99 / p99.9 / max µs", "lost", "dup", "status"));
        for (RunResult r : of(results)) {
            PhaseResult consumers = r.reportedPhase();
            PhaseResult publishers = LiveTables.publishers(r);
            Accounting a = r.accounting();
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), SummaryTables.caseLabel(r),
                    r.workload().point().value() + " %", SummaryTables.rate(r.workload().offeredRate()),
                    SummaryTables.rate(consumers.rate().overall()), all(consumers.endToEnd()),
                    publishers == null ? "-" : all(publishers.latency()),
                    publishers == null ? "-" : all(publishers.sendDelay()),
                    a == null ? "-" : SummaryTables.count(a.lost()), a == null ? "-" : SummaryTables.count(a.duplicates()),
                    r.status().toString()));
        }
        return t;
    }

    private static String all(LatencySummary l) {
        return LiveTables.micros(l, LatencySummary::p50Micros, LatencySummary::p99Micros, LatencySummary::p999Micros,
                LatencySummary::maxMicros);
    }

    /** Every step of every search, in the order run. */
    public static TextTable steps(List<Curve> curves) {
        TextTable t = new TextTable(List.of("curve", "broker / client path", "step", "offered msg/s", "published msg/s",
                "received msg/s", "send delay p99 µs", "confirm p99 µs", "end-to-end p99 µs", "last arrival ms",
                "verdict"));
        for (Curve c : curves) {
            List<SearchStep> steps = c.search().steps();
            for (int i = 0; i < steps.size(); i++) {
                SearchStep s = steps.get(i);
                t.add(List.of(c.series(), c.name(), String.valueOf(i + 1), SummaryTables.rate(s.offeredRate()),
                        SummaryTables.rate(s.publishedRate()), SummaryTables.rate(s.receivedRate()),
                        SummaryTables.micros(s.sendDelayP99Micros()),
                        s.confirmP99Micros() == null ? "-" : SummaryTables.micros(s.confirmP99Micros()),
                        SummaryTables.micros(s.endToEndP99Micros()),
                        String.format(Locale.ROOT, "%+,.0f", s.lagSeconds() * 1000),
                        s.verdict().description() + (s.detail() == null ? "" : ": " + s.detail())));
            }
        }
        return t;
    }

    /** The rules the searches applied (one line per distinct rule). */
    public static List<String> rules(List<Curve> curves) {
        return curves.stream().map(c -> c.search().rule()).distinct().toList();
    }
}
