package dev.brokerbench.app.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reference figures for the regression gate: per broker / client path / case, the mean overall msg/s over several
 * runs and the run-to-run spread measured in those runs, from which the tolerance follows.
 *
 * @param description where and how it was measured
 * @param scale       message-count factor of the runs (a gate compares only runs of the same scale)
 * @param runs        how many runs it averages
 * @param cells       per cell
 */
public record Baseline(String description, double scale, int runs, Map<String, Cell> cells) {
    /** The least tolerance, even for a cell that measured perfectly steady. */
    public static final double MIN_TOLERANCE = 0.15;
    /** Tolerance as a multiple of the measured spread (max - min) / mean. */
    public static final double SPREAD_FACTOR = 1.5;
    /** A cell whose tolerance would exceed this is reported but not gated: too noisy at this scale. */
    public static final double MAX_TOLERANCE = 0.5;

    /**
     * One cell.
     *
     * @param meanMsgPerSec mean overall rate of the reported phase
     * @param spread        (max - min) / mean over the runs
     * @param tolerance     allowed drop below the mean before the gate fails, as a fraction
     */
    public record Cell(double meanMsgPerSec, double spread, double tolerance) {
        public boolean gated() {
            return tolerance <= MAX_TOLERANCE;
        }
    }

    /** Builds a baseline from several runs of the same matrix (each: cell -> overall msg/s). */
    public static Baseline of(String description, double scale, List<Map<String, Double>> runs) {
        if (runs.size() < 2) {
            throw new dev.brokerbench.core.model.InvalidConfigException(
                    "a baseline needs at least 2 runs to measure run-to-run noise, got " + runs.size());
        }
        Map<String, List<Double>> byCell = new TreeMap<>();
        runs.forEach(r -> r.forEach((cell, rate) -> byCell.computeIfAbsent(cell, k -> new ArrayList<>()).add(rate)));
        Map<String, Cell> cells = new TreeMap<>();
        byCell.forEach((cell, rates) -> {
            if (rates.size() < runs.size()) {
                return; // not in every run: no stable reference
            }
            double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            double spread = mean == 0 ? 1
                    : (rates.stream().mapToDouble(Double::doubleValue).max().orElse(0)
                    - rates.stream().mapToDouble(Double::doubleValue).min().orElse(0)) / mean;
            double tolerance = Math.max(MIN_TOLERANCE, SPREAD_FACTOR * spread);
            cells.put(cell, new Cell(round(mean), round(spread * 1000) / 1000, round(tolerance * 1000) / 1000));
        });
        return new Baseline(description, scale, runs.size(), cells);
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
