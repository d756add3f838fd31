package dev.brokerbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BetweenRunsTest {

    /**
     * Runs of five paths of six cells: per run a matrix shift (sd {@code machine}), a shift per path
     * ({@code path}), per cell ({@code own}), and three repeats of noise ({@code noise}); all on logarithms.
     */
    private static List<BetweenRuns.CellRuns> simulate(long seed, int runs, double machine, double path, double own,
                                                       double noise) {
        Random r = new Random(seed);
        double[][][] values = new double[30][runs][3];
        for (int k = 0; k < runs; k++) {
            double m = machine * r.nextGaussian();
            for (int g = 0; g < 5; g++) {
                double p = path * r.nextGaussian();
                for (int c = 0; c < 6; c++) {
                    double o = own * r.nextGaussian();
                    for (int i = 0; i < 3; i++) {
                        values[g * 6 + c][k][i] = 1000 * (c + 1) * Math.exp(m + p + o + noise * r.nextGaussian());
                    }
                }
            }
        }
        List<BetweenRuns.CellRuns> cells = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            cells.add(new BetweenRuns.CellRuns("g" + i / 6 + " / c" + i % 6, "g" + i / 6, List.of(values[i])));
        }
        return cells;
    }

    @Test
    void theVarianceOfEachPartIsFoundAgainOverManySimulatedBaselines() {
        // sd: machine 0.10, path 0.06, cell 0.04, repeats 0.10 (variances 0.0036, 0.0016, 0.01)
        double path = 0;
        double own = 0;
        double shift = 0;
        double within = 0;
        int trials = 200;
        for (int t = 0; t < trials; t++) {
            BetweenRuns b = BetweenRuns.estimate(simulate(t, 4, 0.10, 0.06, 0.04, 0.10));
            path += b.path().variance();
            own += b.own().variance();
            shift += b.shift().variance();
            within += b.within().get("g0 / c0").variance().variance();
        }
        // unbiased up to the truncation at zero (which only lifts small estimates)
        assertThat(path / trials).isCloseTo(0.0036, within(0.0008));
        assertThat(own / trials).isCloseTo(0.0016, within(0.0006));
        assertThat(within / trials).isCloseTo(0.01, within(0.0015));
        // the run's shift is measured from its paths too: its variance is the machine's plus a fifth of a path's
        assertThat(shift / trials).isCloseTo(0.01 + 0.0036 / 5 + 0.0016 / 30, within(0.0025));
    }

    @Test
    void runsThatDifferOnlyByTheirRepeatsShowNoRunToRunPart() {
        double cell = 0;
        for (int t = 0; t < 100; t++) {
            cell += BetweenRuns.estimate(simulate(t, 3, 0, 0, 0, 0.10)).cell().variance();
        }
        // truncated at zero, the mean estimate stays a small fraction of one repeat's variance (0.01)
        assertThat(cell / 100).isLessThan(0.001);
    }

    @Test
    void degreesOfFreedomFollowTheRunsAndTheParts() {
        BetweenRuns b = BetweenRuns.estimate(simulate(1, 3, 0.1, 0.06, 0.04, 0.1));
        assertThat(b.runs()).isEqualTo(3);
        assertThat(b.path().df()).isEqualTo(4 * 2); // (paths - 1) x (runs - 1)
        assertThat(b.own().df()).isEqualTo(25 * 2); // (cells - paths) x (runs - 1)
        assertThat(b.shift().df()).isEqualTo(2);
        assertThat(b.within().get("g1 / c2").variance().df()).isEqualTo(6); // 3 runs x (3 - 1)
        assertThat(b.within().get("g1 / c2").repeats()).isEqualTo(3);
    }

    @Test
    void oneRunOrNoCommonCellIsRefusedWithTheReason() {
        assertThatThrownBy(() -> BetweenRuns.estimate(simulate(1, 1, 0, 0, 0, 0.1)))
                .hasMessageContaining("at least 2 runs");
        List<BetweenRuns.CellRuns> lopsided = List.of(
                new BetweenRuns.CellRuns("a / c1", "a", List.of(new double[]{1, 2}, new double[]{1, 2})),
                new BetweenRuns.CellRuns("a / c2", "a", List.of(new double[]{1, 2}, new double[]{0, 2})));
        assertThat(BetweenRuns.estimate(lopsided).within()).containsOnlyKeys("a / c1");
    }
}
