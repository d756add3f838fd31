package dev.brokerbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Hand-checked values (scipy 1.17: numpy.log, scipy.stats.t.ppf). */
class EstimateTest {

    @Test
    void threeRepeatsGiveTheGeometricMeanAndTheTIntervalOfTheirLogs() {
        // ln 100, ln 110, ln 121: mean ln 110, sd ln 1.1 = 0.0953102, t(0.975, 2) = 4.3026527:
        // half-width 0.2367636; 110 x exp(-+0.2367636) = 86.80956 .. 139.38557
        Estimate e = Estimate.of(100, 110, 121);
        assertThat(e.n()).isEqualTo(3);
        assertThat(e.center()).isCloseTo(110, within(1e-9));
        assertThat(e.low()).isCloseTo(86.80956, within(1e-4));
        assertThat(e.high()).isCloseTo(139.38557, within(1e-4));
        assertThat(e.logSd()).isCloseTo(0.0953102, within(1e-6));
        // the repeats' own CV: sd 10.5040 / mean 110.3333
        assertThat(e.cv()).isCloseTo(0.0952024, within(1e-6));
        // the upper side of a multiplicative interval is the longer one
        assertThat(e.relativeHalfWidth().orElseThrow()).isCloseTo(139.38557 / 110 - 1, within(1e-6));
    }

    @Test
    void oneDisturbedRepeatPullsTheHeadlineDownAndWidensTheIntervalToShowIt() {
        // 10,000 / 10,100 / 5,000: geometric mean 7,963.37, sd of ln 0.4030918, half 1.0013356 in ln:
        // 2,925.65 .. 21,675.63. The interval says plainly that these repeats know little.
        Estimate disturbed = Estimate.of(10_000, 10_100, 5_000);
        assertThat(disturbed.center()).isCloseTo(7963.374, within(0.01));
        assertThat(disturbed.low()).isCloseTo(2925.652, within(0.01));
        assertThat(disturbed.high()).isCloseTo(21675.626, within(0.01));
        Estimate steady = Estimate.of(10_000, 10_100, 9_900);
        assertThat(steady.relativeHalfWidth().orElseThrow()).isLessThan(0.03);
        assertThat(disturbed.relativeHalfWidth().orElseThrow()).isGreaterThan(1.5);
    }

    @Test
    void manyRepeatsNarrowTheIntervalTowardsTheNormalOne() {
        double[] values = new double[1000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 2 == 0 ? 90 : 110;
        }
        Estimate e = Estimate.of(values);
        double sdLog = Math.log(110.0 / 90) / 2 * Math.sqrt(1000.0 / 999);
        assertThat(Math.log(e.high() / e.center())).isCloseTo(1.9623 * sdLog / Math.sqrt(1000), within(1e-4));
        assertThat(e.center()).isCloseTo(Math.sqrt(90 * 110), within(1e-9));
    }

    @Test
    void aSingleRepeatHasNoInterval() {
        Estimate e = Estimate.of(5000);
        assertThat(e.hasInterval()).isFalse();
        assertThat(e.center()).isEqualTo(5000);
        assertThat(e.low()).isNaN();
        assertThat(e.relativeHalfWidth()).isEmpty();
    }

    @Test
    void aRepeatThatMeasuredNothingLeavesNoGeometricMean() {
        Estimate e = Estimate.of(1073, 0, 3233);
        assertThat(e.defined()).isFalse();
        assertThat(e.hasInterval()).isFalse();
        assertThat(e.center()).isNaN();
        assertThat(e.n()).isEqualTo(3);
    }

    @Test
    void theIntervalOfAPositiveRateNeverReachesZero() {
        Estimate wild = Estimate.of(1073, 2516, 3233);
        assertThat(wild.low()).isPositive();
        assertThat(wild.high()).isGreaterThan(wild.center());
    }

    @Test
    void badInputNamesWhatIsWrong() {
        assertThatThrownBy(Estimate::of).hasMessageContaining("at least one repeat");
        assertThatThrownBy(() -> Estimate.of(1, Double.NaN)).hasMessageContaining("finite");
        assertThatThrownBy(() -> Estimate.of(-5, 5)).hasMessageContaining(">= 0");
    }
}
