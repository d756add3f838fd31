package dev.brokerbench.app.report;

import dev.brokerbench.core.result.BrokerPath;
import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.stats.Estimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell (broker / client path / case) over its repeats: the overall rate of each repeat and their estimate.
 *
 * @param id      the broker, client path and case
 * @param repeats the cell's results in repeat order
 * @param overall the estimate of the overall rate of the reported phase
 */
public record RepeatedCell(CellId id, List<RunResult> repeats, Estimate overall) {

    /** The cells of {@code results}, in the order their first repeat appears. */
    public static List<RepeatedCell> of(List<RunResult> results) {
        Map<CellId, List<RunResult>> byCell = new LinkedHashMap<>();
        results.forEach(r -> byCell.computeIfAbsent(r.cellId(), k -> new ArrayList<>()).add(r));
        List<RepeatedCell> cells = new ArrayList<>();
        byCell.forEach((id, rs) -> {
            List<RunResult> sorted = rs.stream().sorted(Comparator.comparingInt(r -> r.repeatOrSingle().index()))
                    .toList();
            cells.add(new RepeatedCell(id, sorted, Estimate.of(sorted.stream().map(RepeatedCell::rate).toList())));
        });
        return cells;
    }

    /** Whether any cell of {@code results} ran more than once (then there is a comparison over repeats to show). */
    public static boolean anyRepeated(List<RunResult> results) {
        return results.stream().anyMatch(r -> r.repeatOrSingle().of() > 1);
    }

    /** The repeat each chart and sweep table shows of every cell: the one whose overall rate is the median. */
    public static List<RunResult> representatives(List<RunResult> results) {
        return of(results).stream().map(RepeatedCell::median).toList();
    }

    static double rate(RunResult r) {
        double v = r.reportedPhase() == null ? Double.NaN : r.reportedPhase().rate().overall();
        return Double.isFinite(v) ? v : 0;
    }

    /** The repeat at the median (of an even number, the lower of the middle two). */
    public RunResult median() {
        List<RunResult> byRate = repeats.stream().sorted(Comparator.comparingDouble(RepeatedCell::rate)).toList();
        return byRate.get((byRate.size() - 1) / 2);
    }

    /** The overall rate of each repeat, in repeat order. */
    public List<Double> rates() {
        return repeats.stream().map(RepeatedCell::rate).toList();
    }

    public RunResult first() {
        return repeats.get(0);
    }

    /** ok when every repeat is; otherwise the status of the first repeat that is not. */
    public Status status() {
        return repeats.stream().map(RunResult::status).filter(s -> !s.ok()).findFirst().orElse(Status.OK);
    }

    /** Broker / client path, the series a chart draws the cell in. */
    public BrokerPath series() {
        return id.brokerPath();
    }
}
