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
}
