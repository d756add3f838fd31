package dev.brokerbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class VarianceSumTest {

    @Test
    void welchSatterthwaiteDegreesOfFreedomOfTwoParts() {
        // 0.02 on 2 df and 0.01 on 4 df: 0.03^2 / (0.02^2/2 + 0.01^2/4) = 0.0009 / 0.000225 = 4
        VarianceSum sum = VarianceSum.of(0.02, 2).plus(VarianceSum.of(0.01, 4));
        assertThat(sum.variance()).isCloseTo(0.03, within(1e-12));
        assertThat(sum.df()).isCloseTo(4.0, within(1e-9));
    }

    @Test
    void aKnownPartAddsVarianceButNoUncertaintyAboutIt() {
        VarianceSum sum = VarianceSum.of(0.01, 3).plus(VarianceSum.of(0.01, Double.POSITIVE_INFINITY));
        // 0.02^2 / (0.01^2 / 3) = 12
        assertThat(sum.df()).isCloseTo(12, within(1e-9));
        assertThat(VarianceSum.ZERO.plus(VarianceSum.ZERO).df()).isInfinite();
        assertThat(VarianceSum.of(0.01, 5).t(0.95)).isCloseTo(2.5706, within(1e-4));
    }

    @Test
    void aNegativeMomentIsTruncatedAndScalingKeepsTheDegreesOfFreedom() {
        assertThat(VarianceSum.of(-0.01, 3).variance()).isZero();
        VarianceSum scaled = VarianceSum.of(0.01, 3).times(1.5);
        assertThat(scaled.variance()).isCloseTo(0.015, within(1e-12));
        assertThat(scaled.df()).isEqualTo(3);
    }
}
