package dev.brokerbench.app.gate;

import dev.brokerbench.core.model.InvalidConfigException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The regression gate's reference: one or more runs of the matrix with repeats, pooled per cell. The gate compares a
 * fresh run's repeats with these, so the baseline keeps every repeat, not a summary.
 *
 * @param schema      {@link #SCHEMA}; a file without it is the older fixed-allowance format, which is refused
 * @param description where and how it was measured
 * @param conditions  scale, duration, runtime and machine calibration a fresh run must share
 * @param runs        how many runs it pools
 * @param cells       per {@code broker / client path / case}: parity settings and every repeat's rate
 */
public record Baseline(int schema, String description, Conditions conditions, int runs, Map<String, Cell> cells) {
    public static final int SCHEMA = 2;

    /**
     * One cell.
     *
     * @param parity  the workload settings the fresh run must share
     * @param repeats overall msg/s of every repeat of every run pooled
     */
    public record Cell(String parity, List<Double> repeats) {
    }

    /** Reads a baseline file; one in an older format is refused with how to refresh it. */
    public static Baseline read(java.nio.file.Path file) throws java.io.IOException {
        com.fasterxml.jackson.databind.JsonNode tree = dev.brokerbench.core.result.Json.mapper().readTree(file.toFile());
        int schema = tree.path("schema").asInt(0);
        if (schema != SCHEMA) {
            throw new InvalidConfigException("--baseline: " + file + " is in an older format (schema " + schema
                    + "; this gate needs " + SCHEMA + ", every repeat per cell); refresh it with: bench baseline DIR"
                    + " --out " + file);
        }
        return dev.brokerbench.core.result.Json.mapper().treeToValue(tree, Baseline.class);
    }

    /** The group of a cell id {@code broker / path / case}. */
    public static String groupOf(String cell) {
        return cell.substring(0, cell.lastIndexOf(" / "));
    }

    /**
     * Pools the runs' repeats per cell. The runs must share their conditions (the first run's calibration is kept)
     * and each cell its parity; a cell needs at least two repeats in all, or it has no spread to compare against.
     */
    public static Baseline of(String description, List<Figures> runs) {
        if (runs.isEmpty()) {
            throw new InvalidConfigException("a baseline needs at least one results directory");
        }
        Conditions conditions = runs.get(0).conditions();
        for (Figures run : runs.subList(1, runs.size())) {
            List<String> why = conditions.differences(run.conditions());
            if (!why.isEmpty()) {
                throw new InvalidConfigException("the runs of a baseline must share their conditions: " + why);
            }
        }
        Map<String, String> parity = new TreeMap<>();
        Map<String, List<Double>> repeats = new TreeMap<>();
        for (Figures run : runs) {
            run.cells().forEach((id, cell) -> {
                String known = parity.putIfAbsent(id, cell.parity());
                if (known != null && !known.equals(cell.parity())) {
                    throw new InvalidConfigException("cell " + id + " ran with different settings in the baseline's"
                            + " runs: " + known + " / " + cell.parity());
                }
                repeats.computeIfAbsent(id, k -> new ArrayList<>()).addAll(cell.repeats());
            });
        }
        Map<String, Cell> cells = new LinkedHashMap<>();
        repeats.forEach((id, rates) -> {
            if (rates.size() < 2) {
                throw new InvalidConfigException("cell " + id + " has " + rates.size() + " repeat in the baseline's"
                        + " runs; a baseline needs at least 2 per cell (run with --repeat 3)");
            }
            cells.put(id, new Cell(parity.get(id), List.copyOf(rates)));
        });
        return new Baseline(SCHEMA, description, conditions, runs.size(), cells);
    }
}
