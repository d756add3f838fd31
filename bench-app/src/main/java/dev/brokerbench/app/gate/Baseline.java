package dev.brokerbench.app.gate;

import dev.brokerbench.core.io.JsonInput;
import dev.brokerbench.core.io.Required;
import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.machine.HarnessReference;
import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.stats.BetweenRuns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The regression gate's reference: two or more runs of the matrix with repeats, each run's repeats kept apart per
 * cell, so that the gate knows how far a figure moves from one run to the next ({@link BetweenRuns}) as well as
 * between the repeats of one run.
 *
 * @param schema      {@link #SCHEMA}; a file in an older format is refused with how to refresh it
 * @param description where and how it was measured
 * @param conditions  scale, duration, runtime and machine calibration a fresh run must share
 * @param runs        how many runs it holds
 * @param cells       per cell ({@code broker / client path / case} in the file): parity settings and every run's
 *                    repeats
 * @param harness     each run's harness reference (empty where a run recorded none)
 */
public record Baseline(int schema, String description, @Required Conditions conditions, int runs,
                       @Required Map<CellId, Cell> cells, List<HarnessReference> harness) {
    /** 3: repeats kept per run (2 pooled them, which hid how runs differ). */
    public static final int SCHEMA = 3;

    public Baseline {
        harness = harness == null ? List.of() : List.copyOf(harness);
        if (conditions == null) {
            throw new InvalidConfigException("conditions: missing");
        }
        if (runs < BetweenRuns.MIN_RUNS) {
            throw new InvalidConfigException("runs: " + runs + "; a baseline holds " + BetweenRuns.MIN_RUNS
                    + " or more runs");
        }
        if (cells == null || cells.isEmpty()) {
            throw new InvalidConfigException("cells: none");
        }
        cells.forEach((id, cell) -> {
            if (cell == null || cell.runs() == null || cell.runs().isEmpty() || cell.runs().size() > runs
                    || cell.runs().stream().anyMatch(r -> r == null || r.size() < RegressionGate.MIN_REPEATS
                    || r.stream().anyMatch(v -> v == null || !(v >= 0) || Double.isInfinite(v)))) {
                throw new InvalidConfigException("cells['" + id + "'].runs: must hold 1 to " + runs + " runs of "
                        + RegressionGate.MIN_REPEATS + " or more rates (msg/s, finite, not negative) each");
            }
        });
        cells = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cells));
    }

    /**
     * One cell.
     *
     * @param parity the workload settings the fresh run must share
     * @param runs   per run, the overall msg/s of its repeats
     */
    public record Cell(@Required String parity, @Required List<List<Double>> runs) {
        /** Every repeat of every run. */
        public List<Double> repeats() {
            return runs.stream().flatMap(List::stream).toList();
        }
    }

    /**
     * Reads a baseline file; one in an older format is refused with how to refresh it.
     *
     * @throws InvalidConfigException naming the file and the field when it does not read as a baseline
     */
    public static Baseline read(java.nio.file.Path file) {
        com.fasterxml.jackson.databind.JsonNode tree = JsonInput.tree(file, "a baseline");
        int schema = tree.path("schema").asInt(0);
        if (schema != SCHEMA) {
            throw new InvalidConfigException("--baseline: " + file + " is in an older format (schema " + schema
                    + "; this gate needs " + SCHEMA + ", each run's repeats kept apart); make it again from two or"
                    + " more runs: bench baseline DIR DIR --out " + file);
        }
        return JsonInput.read(file, Baseline.class, "a baseline (bench baseline)");
    }

    /**
     * Keeps the runs' repeats per cell. The runs must share their conditions, and the baseline keeps their typical
     * machine: each calibration figure the median of the runs' (one run's calibration can be disturbed: on
     * 2026-11-26 one read 2,881 disk syncs/s between runs that read 8,132 and 8,271, and the gate then refused
     * ordinary runs of the same machine as "a different or busy machine")
     * and each cell its parity; there must be {@link BetweenRuns#MIN_RUNS} runs or more, each with
     * {@link RegressionGate#MIN_REPEATS} repeats or more per cell.
     */
    public static Baseline of(String description, List<Figures> runs) {
        if (runs.size() < BetweenRuns.MIN_RUNS) {
            throw new InvalidConfigException("a baseline needs at least " + BetweenRuns.MIN_RUNS + " results"
                    + " directories (runs), got " + runs.size() + ": repeats inside one run share its broker"
                    + " processes and JVM, so only several runs show how far a figure moves from one run to the next");
        }
        Conditions conditions = typical(runs.stream().map(Figures::conditions).toList());
        for (Figures run : runs) {
            List<String> why = conditions.differences(run.conditions());
            if (!why.isEmpty()) {
                throw new InvalidConfigException("the runs of a baseline must share their conditions: " + why);
            }
        }
        Map<CellId, String> parity = new TreeMap<>();
        Map<CellId, List<List<Double>>> repeats = new TreeMap<>();
        for (Figures run : runs) {
            run.cells().forEach((id, cell) -> {
                String known = parity.putIfAbsent(id, cell.parity());
                if (known != null && !known.equals(cell.parity())) {
                    throw new InvalidConfigException("cell " + id + " ran with different settings in the baseline's"
                            + " runs: " + known + " / " + cell.parity());
                }
                if (cell.repeats().size() < RegressionGate.MIN_REPEATS) {
                    throw new InvalidConfigException("cell " + id + " has " + cell.repeats().size() + " repeat(s) in"
                            + " a run of the baseline; it needs " + RegressionGate.MIN_REPEATS + " or more per run"
                            + " (run with --repeat " + RegressionGate.MIN_REPEATS + ")");
                }
                repeats.computeIfAbsent(id, k -> new ArrayList<>()).add(List.copyOf(cell.repeats()));
            });
        }
        Map<CellId, Cell> cells = new LinkedHashMap<>();
        repeats.forEach((id, perRun) -> cells.put(id, new Cell(parity.get(id), List.copyOf(perRun))));
        return new Baseline(SCHEMA, description, conditions, runs.size(), cells,
                runs.stream().map(Figures::harness).filter(Objects::nonNull).toList());
    }

    /**
     * The first run's conditions with each calibration figure the median of the runs': of an even number, the
     * geometric middle of the two middles (a fresh run is compared by ratio, so the middle of two runs is the figure
     * each is the same factor from; the lower of them put a run that read like the higher one twice as far out).
     */
    static Conditions typical(List<Conditions> runs) {
        Conditions first = runs.get(0);
        List<Calibration> calibrations = runs.stream().map(Conditions::calibration).filter(Objects::nonNull).toList();
        if (first.calibration() == null || calibrations.size() < runs.size()) {
            return first;
        }
        return new Conditions(first.scale(), first.durationSeconds(), first.runtime(), new Calibration(
                first.calibration().cores(), median(calibrations, Calibration::fsyncPerSecond),
                median(calibrations, Calibration::fsyncP50Micros), median(calibrations, Calibration::loopbackRttMicros),
                median(calibrations, Calibration::loopbackMBPerSec), first.calibration().directory()));
    }

    private static double median(List<Calibration> all, java.util.function.ToDoubleFunction<Calibration> figure) {
        double[] sorted = all.stream().mapToDouble(figure).sorted().toArray();
        int half = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[half] : Math.sqrt(sorted[half - 1] * sorted[half]);
    }
}
