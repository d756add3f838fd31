package dev.brokerbench.app.gate;

import dev.brokerbench.app.report.RepeatedCell;
import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.core.machine.HarnessReference;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.CellId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The figures a gate compares, read from one results directory: the run's conditions, its harness reference and, per
 * cell, its parity settings and the overall rate of each repeat.
 *
 * @param conditions what the run must share with the one it is compared with
 * @param cells      per cell
 * @param harness    the run's harness reference; null where it recorded none (runs from before it existed)
 */
public record Figures(Conditions conditions, Map<CellId, Cell> cells, HarnessReference harness) {

    public Figures(Conditions conditions, Map<CellId, Cell> cells) {
        this(conditions, cells, null);
    }

    /**
     * One cell.
     *
     * @param parity  the workload settings that make two figures comparable (sessions, size, persistence, window,
     *                prefetch, acknowledgement, rate, phases)
     * @param repeats the overall rate of the reported phase, per repeat
     * @param clean   every repeat delivered every message exactly once, without errors
     */
    public record Cell(String parity, java.util.List<Double> repeats, boolean clean) {
    }

    public static Figures of(ReportData data) {
        Map<CellId, Cell> cells = new LinkedHashMap<>();
        // a latency curve's points run at a share of a searched rate: their rates say how the search went, not how
        // fast the path is, so the gate leaves them out
        for (RepeatedCell c : RepeatedCell.of(data.results().stream().filter(r -> !r.workload().curvePoint())
                .toList())) {
            cells.put(c.id(), new Cell(parity(c.first().workload()), c.rates(), c.status().ok()));
        }
        return new Figures(Conditions.of(data.results(), data.calibration()), cells,
                data.run() == null ? null : data.run().harness());
    }

    /** The parity settings of a workload, as one comparable line. */
    static String parity(Workload w) {
        return "clients=" + w.clients() + " payloadBytes=" + w.payloadBytes()
                + (w.sizes() == null ? "" : " sizes=" + w.sizes().text()) + " persistent=" + w.persistent()
                + " publishWindow=" + w.publishWindow() + " prefetch=" + w.prefetch() + " ack=" + w.ackMode()
                + "/" + w.ackBatch() + (w.processing().none() ? "" : " processing=" + w.processing().text())
                + " rate=" + w.ratePerSecond() + " phases=" + w.phases().stream()
                .map(Figures::phase).collect(Collectors.joining(","));
    }

    private static String phase(Phase p) {
        return p.action() + (p.mode() == null ? "" : ":" + p.mode()) + (p.reported() ? "*" : "");
    }
}
