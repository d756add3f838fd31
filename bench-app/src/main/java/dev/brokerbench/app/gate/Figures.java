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
     *                prefetch, acknowledgement, rate, phases; where a case has them, random share, queues, rate
     *                schedule, backlog)
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
                .map(Figures::phase).collect(Collectors.joining(",")) + shaped(w);
    }

    /**
     * What else makes two figures comparable, only where a workload has it (so that the line of a plain case, and the
     * baselines written before these were named, stay as they were): a body's random share below 1, many queues, a
     * live case's rate schedule and backlog (until 2026-11-29 the gate compared cells that differed in these).
     */
    private static String shaped(Workload w) {
        StringBuilder b = new StringBuilder();
        if (w.randomBytes() != null && w.randomBytes().ratio() != 1.0) {
            b.append(" randomBytes=").append(w.randomBytes().ratio());
        }
        if (w.destinations() != null) {
            b.append(" queues=").append(w.destinations().queues()).append('x')
                    .append(w.destinations().consumersPerQueue());
        }
        if (w.shape() instanceof dev.brokerbench.core.model.LiveCase live) {
            if (live.schedule() != null) {
                b.append(" schedule=").append(live.schedule().steps().stream().map(s -> s.fromRate() + "-"
                        + s.toRate() + "/" + s.seconds() + "s").collect(Collectors.joining(",")));
            }
            if (live.backlog() != null) {
                b.append(" backlog=").append(live.backlog().messages());
            }
        }
        return b.toString();
    }

    private static String phase(Phase p) {
        return p.action() + (p.mode() == null ? "" : ":" + p.mode()) + (p.reported() ? "*" : "");
    }
}
