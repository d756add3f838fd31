package dev.brokerbench.app.power;

import dev.brokerbench.app.gate.Baseline;
import dev.brokerbench.app.gate.Figures;
import dev.brokerbench.app.gate.RegressionGate;
import dev.brokerbench.core.result.BrokerPath;
import dev.brokerbench.core.result.CellId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A measured run with one path's repeats multiplied by {@code 1 - fraction}, gated again: the gate's power against an
 * exact shift in the run's own noise. A slowed run ({@code --slowdown}) realizes its fraction with noise of its own
 * (a 10 % slowdown read 0.82-1.03 on 2026-11-26) and gives one trial per run; shifting every unslowed path of every
 * gated run by each fraction gives one trial per path, run and fraction, so the smallest shift shown 9 times in 10
 * is measured, not only estimated by the rows.
 *
 * @param run      the measured run's name
 * @param path     the shifted broker / client path
 * @param fraction the shift, e.g. 0.1 for every repeat at 0.9 of what was measured
 * @param row      the gate's row of the shifted path
 */
public record ShiftedPath(String run, String path, double fraction, RegressionGate.Row row) {

    /**
     * Every path of {@code fresh} but the client path {@code slowed} (null in an unmodified run), shifted by each
     * fraction in turn and gated against {@code baseline}. A run the gate refuses gives none.
     */
    public static List<ShiftedPath> of(String run, Baseline baseline, Figures fresh, String slowed,
                                       List<Double> fractions) {
        TreeSet<BrokerPath> paths = new TreeSet<>();
        fresh.cells().keySet().forEach(id -> paths.add(id.brokerPath()));
        List<ShiftedPath> out = new ArrayList<>();
        for (BrokerPath path : paths) {
            if (path.path().equals(slowed)) {
                continue;
            }
            for (double f : fractions) {
                RegressionGate.Outcome outcome;
                try {
                    outcome = RegressionGate.check(baseline, shifted(fresh, path, 1 - f));
                } catch (RegressionGate.Refused refused) {
                    return List.of();
                }
                outcome.groups().stream().filter(g -> g.path().equals(path)).findFirst()
                        .ifPresent(row -> out.add(new ShiftedPath(run, path.toString(), f, row)));
            }
        }
        return out;
    }

    /** {@code fresh} with every repeat of {@code path}'s cells times {@code factor}. */
    static Figures shifted(Figures fresh, BrokerPath path, double factor) {
        Map<CellId, Figures.Cell> cells = new LinkedHashMap<>();
        fresh.cells().forEach((id, c) -> cells.put(id, !id.brokerPath().equals(path) ? c
                : new Figures.Cell(c.parity(), c.repeats().stream().map(v -> v * factor).toList(), c.clean())));
        return new Figures(fresh.conditions(), cells, fresh.harness());
    }

    /** Whether the gate called the shifted path slower (REGRESSION or SLOWER). */
    public boolean detected() {
        return Trial.detected(row);
    }
}
