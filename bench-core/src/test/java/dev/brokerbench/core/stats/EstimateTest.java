package dev.brokerbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EstimateTest {

    @Test
    void threeRepeatsGiveTheStudentTIntervalOfTheMean() {
        Estimate e = Estimate.of(14, 10, 12);
        // mean 12, sd 2, t(0.975, 2) = 4.3027: half-width 4.3027 * 2 / sqrt(3) = 4.968
        assertThat(e.n()).isEqualTo(3);
        assertThat(e.median()).isEqualTo(12);
        assertThat(e.mean()).isEqualTo(12);
        assertThat(e.low()).isCloseTo(7.032, within(0.001));
        assertThat(e.high()).isCloseTo(16.968, within(0.001));
        assertThat(e.cv()).isCloseTo(2.0 / 12, within(1e-9));
        assertThat(e.relativeHalfWidth().orElseThrow()).isCloseTo(4.968 / 12, within(0.001));
    }

    @Test
    void theMedianResistsOneDisturbedRepeatWhileTheIntervalWidens() {
        Estimate steady = Estimate.of(100, 101, 99, 100, 100);
        Estimate disturbed = Estimate.of(100, 101, 99, 100, 40);
        assertThat(disturbed.median()).isEqualTo(steady.median());
        assertThat(disturbed.mean()).isLessThan(steady.mean());
        assertThat(disturbed.high() - disturbed.low()).isGreaterThan(10 * (steady.high() - steady.low()));
    }

    @Test
    void manyRepeatsNarrowTheIntervalTowardsTheNormalOne() {
        double[] values = new double[1000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 2 == 0 ? 9 : 11; // mean 10, sd ~1.0005
        }
        Estimate e = Estimate.of(values);
        assertThat((e.high() - e.low()) / 2).isCloseTo(1.962 * 1.0005 / Math.sqrt(1000), within(0.001));
    }

    @Test
    void aSingleRepeatHasNoInterval() {
        Estimate e = Estimate.of(5000);
        assertThat(e.hasInterval()).isFalse();
        assertThat(e.median()).isEqualTo(5000);
        assertThat(e.low()).isNaN();
        assertThat(e.relativeHalfWidth()).isEmpty();
        assertThat(e.overlaps(Estimate.of(5000, 5001))).isFalse();
    }

    @Test
    void theIntervalOfRatesStopsAtZero() {
        Estimate wild = Estimate.of(1073, 2516, 3233);
        assertThat(wild.low()).isZero();
        assertThat(wild.high()).isGreaterThan(wild.mean());
        assertThat(Estimate.of(-5, 0, 5).low()).isNegative();
    }

    @Test
    void evenRepeatsTakeTheMiddleTwo() {
        assertThat(Estimate.of(1, 4, 2, 3).median()).isEqualTo(2.5);
    }

    @Test
    void badInputNamesWhatIsWrong() {
        assertThatThrownBy(Estimate::of).hasMessageContaining("at least one repeat");
        assertThatThrownBy(() -> Estimate.of(1, Double.NaN)).hasMessageContaining("finite");
    }
}
