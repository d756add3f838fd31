package dev.brokerbench.app.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reference figures for the regression gate, from several runs of the same matrix: per broker / client path / case
 * the median overall msg/s and the run-to-run spread; per broker / client path (a group), the tolerance of the
 * geometric mean of its cells, measured by how much that geometric mean moved between the runs.
 *
 * <p>Single small cells are noisy (a 5-second cell can vary by half between identical runs), so the gate decides
 * on groups, where the noise of six cases averages out, and flags single cells only when they collapse.
 *
 * @param description where and how it was measured
 * @param scale       message-count factor of the runs (a gate compares only runs of the same scale)
 * @param runs        how many runs it summarises
 * @param cells       per cell
 * @param groups      per broker / client path
 */
public record Baseline(String description, double scale, int runs, Map<String, Cell> cells,
                       Map<String, Group> groups) {
    /** Least tolerance of a group's geometric mean. */
    public static final double MIN_GROUP_TOLERANCE = 0.10;
    /** A group's tolerance as a multiple of the spread of its geometric mean over the baseline runs. */
    public static final double GROUP_SPREAD_FACTOR = 2.0;
    /** A cell noisier than this ((max - min) / median over the runs) is left out of its group's geometric mean. */
    public static final double MAX_CELL_SPREAD = 0.5;
    /** A single cell below this fraction of its reference fails the gate whatever its group does. */
    public static final double COLLAPSE = 0.5;

    /**
     * One cell.
     *
     * @param referenceMsgPerSec median overall rate of the reported phase over the runs
     * @param spread             (max - min) / median over the runs
     */
    public record Cell(double referenceMsgPerSec, double spread) {
        /** Steady enough to count in its group's geometric mean. */
        public boolean gated() {
            return spread <= MAX_CELL_SPREAD;
        }
    }

    /**
     * One broker / client path.
     *
     * @param tolerance allowed drop of the geometric mean of fresh/reference over the group's gated cells
     * @param spread    how much that geometric mean moved between the baseline runs
     */
    public record Group(double tolerance, double spread) {
    }

    /** The group of a cell id {@code broker / path / case}. */
    public static String groupOf(String cell) {
        return cell.substring(0, cell.lastIndexOf(" / "));
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
            if (rates.size() == runs.size()) {
                double median = median(rates);
                double spread = median == 0 ? 1
                        : (rates.stream().mapToDouble(Double::doubleValue).max().orElse(0)
                        - rates.stream().mapToDouble(Double::doubleValue).min().orElse(0)) / median;
                cells.put(cell, new Cell(round(median, 10), round(spread, 1000)));
            }
        });
        Map<String, Group> groups = new TreeMap<>();
        cells.keySet().stream().map(Baseline::groupOf).distinct().forEach(group -> {
            List<Double> geomeans = new ArrayList<>();
            for (Map<String, Double> run : runs) {
                Map<String, Double> ratios = new TreeMap<>();
                cells.forEach((cell, c) -> {
                    if (groupOf(cell).equals(group) && c.gated() && c.referenceMsgPerSec() > 0) {
                        ratios.put(cell, run.get(cell) / c.referenceMsgPerSec());
                    }
                });
                if (!ratios.isEmpty()) {
                    geomeans.add(geometricMean(ratios.values()));
                }
            }
            double spread = geomeans.isEmpty() ? 0 : geomeans.stream().mapToDouble(Double::doubleValue).max().orElse(0)
                    - geomeans.stream().mapToDouble(Double::doubleValue).min().orElse(0);
            groups.put(group, new Group(round(Math.max(MIN_GROUP_TOLERANCE, GROUP_SPREAD_FACTOR * spread), 1000),
                    round(spread, 1000)));
        });
        return new Baseline(description, scale, runs.size(), cells, groups);
    }

    static double geometricMean(java.util.Collection<Double> values) {
        return Math.exp(values.stream().mapToDouble(v -> Math.log(Math.max(v, 1e-9))).average().orElse(0));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static double round(double v, double precision) {
        return Math.round(v * precision) / precision;
    }
}
