package dev.brokerbench.app.power;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.brokerbench.app.gate.Baseline;
import dev.brokerbench.app.gate.Conditions;
import dev.brokerbench.app.gate.RegressionGate;
import dev.brokerbench.core.result.BrokerPath;
import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.machine.Calibration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PowerSeriesTest {
    private static final Baseline BASELINE = new Baseline(Baseline.SCHEMA, "t",
            new Conditions(0.05, 2.0, "local", new Calibration(2, 5000, 180, 30, 2000, "/x")), 2,
            Map.of(CellId.parse("a / p / c1"), new Baseline.Cell("x", List.of(List.of(1.0, 1.0, 1.0), List.of(1.0, 1.0, 1.0)))),
            List.of());

    @Test
    void wilsonIntervalsMatchHandCheckedValues() {
        // statsmodels proportion_confint(method="wilson"): 9/10 -> 0.59585 .. 0.98212; 1/20 -> 0.00888 .. 0.23613
        PowerSeries.Share nine = PowerSeries.Share.of(9, 10);
        assertThat(nine.low()).isCloseTo(0.59585, within(1e-5));
        assertThat(nine.high()).isCloseTo(0.98212, within(1e-5));
        PowerSeries.Share one = PowerSeries.Share.of(1, 20);
        assertThat(one.low()).isCloseTo(0.00888, within(1e-5));
        assertThat(one.high()).isCloseTo(0.23613, within(1e-5));
        assertThat(PowerSeries.Share.of(0, 0).text()).isEqualTo("-");
    }

    private static RegressionGate.Row row(String name, double ratio, RegressionGate.Verdict v) {
        return new RegressionGate.Row(name, BrokerPath.parse(name), Double.NaN, Double.NaN,
                new RegressionGate.Ratio(ratio, ratio * 0.95, ratio * 1.05, 0.99, 0.08), v);
    }

    @Test
    void slowedPathsCountAsDetectedWhenCalledSlowerAndUnmodifiedCellsAndPathsAsFalseAlarms() {
        PowerSeries series = new PowerSeries(BASELINE);
        RegressionGate.Verdict ok = RegressionGate.Verdict.OK;
        series.add(new Trial(new Trial.Plan("ab-10-1", "p", 0.1), List.of(),
                List.of(row("a / p", 0.89, RegressionGate.Verdict.REGRESSION)),
                List.of(row("b / q", 1.01, ok)), List.of(ok, RegressionGate.Verdict.FASTER), ok, false,
                List.of(0.05, 0.07), 12));
        series.add(new Trial(new Trial.Plan("ab-10-2", "q", 0.1), List.of(),
                List.of(row("b / q", 0.95, ok)), List.of(row("a / p", 1.0, ok)), List.of(ok, ok), ok, true,
                List.of(0.09), 14));
        series.add(new Trial(new Trial.Plan("aa-1", null, 0), List.of(), List.of(),
                List.of(row("a / p", 1.0, ok), row("b / q", 0.97, RegressionGate.Verdict.SLOWER)),
                List.of(ok, ok, ok, RegressionGate.Verdict.SLOWER), ok, true, List.of(0.06), 13));
        series.add(Trial.refused(new Trial.Plan("aa-2", null, 0), List.of("scale"), 11));
        PowerSeries.Summary s = series.summary();
        assertThat(s.fractions()).singleElement().satisfies(f -> {
            assertThat(f.detected().hits()).isEqualTo(1);
            assertThat(f.detected().trials()).isEqualTo(2);
            assertThat(f.failed().hits()).isEqualTo(1);
            assertThat(f.meanRatio()).isCloseTo(0.92, within(1e-9));
        });
        assertThat(s.aaCells().hits()).isEqualTo(1);
        assertThat(s.aaCells().trials()).isEqualTo(4);
        assertThat(s.aaPaths().hits()).isEqualTo(1);
        assertThat(s.aaGateFailed().hits()).isZero();
        assertThat(s.besideCells().hits()).isEqualTo(1);
        assertThat(s.besideCells().trials()).isEqualTo(4);
        assertThat(s.refused()).isEqualTo(1);
        assertThat(s.medianCv()).isCloseTo(0.065, within(1e-9));
        assertThat(s.meanMinutes()).isCloseTo(13, within(1e-9));
        assertThat(series.markdown(List.of("--repeat", "3"))).contains("| 10 % | 1 of 2 (50 %", "REFUSED scale");
    }

    /** Four paths of three cells, 3 % noise, every repeat 1000 x factor. */
    private static dev.brokerbench.app.gate.Figures run(java.util.Random random) {
        java.util.Map<CellId, dev.brokerbench.app.gate.Figures.Cell> cells = new java.util.LinkedHashMap<>();
        for (String path : List.of("a / p", "b / q", "c / r", "d / s")) {
            for (int c = 1; c <= 3; c++) {
                cells.put(CellId.parse(path + " / c" + c), new dev.brokerbench.app.gate.Figures.Cell("x",
                        List.of(0, 1, 2).stream().map(i -> 1000 * Math.exp(0.03 * random.nextGaussian())).toList(),
                        true));
            }
        }
        return new dev.brokerbench.app.gate.Figures(BASELINE.conditions(), cells);
    }

    @Test
    void everyUnslowedPathOfAGatedRunIsShiftedByEachFractionAndTallied() {
        java.util.Random random = new java.util.Random(3);
        Baseline baseline = Baseline.of("t", List.of(run(random), run(random), run(random)));
        dev.brokerbench.app.gate.Figures fresh = run(random);
        List<ShiftedPath> shifted = ShiftedPath.of("ab-10-1", baseline, fresh, "p", List.of(0.01, 0.3));
        // a / p was the run's slowed path: left out; three paths x two shifts
        assertThat(shifted).hasSize(6).noneMatch(s -> s.path().equals("a / p"));
        assertThat(shifted).filteredOn(s -> s.fraction() == 0.3).allSatisfy(s -> {
            assertThat(s.detected()).isTrue();
            assertThat(s.row().verdict()).isEqualTo(RegressionGate.Verdict.REGRESSION);
            assertThat(s.row().ratio().ratio()).isCloseTo(0.7, within(0.05));
        });
        assertThat(shifted).filteredOn(s -> s.fraction() == 0.01).noneMatch(ShiftedPath::detected);
        PowerSeries series = new PowerSeries(baseline);
        series.addShifted(shifted);
        series.addShifted(ShiftedPath.of("aa-1", baseline, fresh, null, List.of(0.3)));
        PowerSeries.Summary s = series.summary();
        assertThat(s.shifts()).hasSize(2);
        assertThat(s.shifts().get(1).detected().hits()).isEqualTo(7);
        assertThat(s.shifts().get(1).detected().trials()).isEqualTo(7);
        assertThat(series.markdown(List.of())).contains("exact shift in measured noise", "| 30 % | 7 of 7 (100 %",
                "| 1 % | 0 of 3 (0 %");
        // the fresh figures themselves are not touched
        assertThat(fresh.cells().get(CellId.parse("b / q / c1")).repeats().get(0)).isGreaterThan(900);
    }
}
