package dev.brokerbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DifferenceTest {

    @Test
    void separateIntervalsNameTheHigherOne() {
        Estimate fast = Estimate.of(1000, 1010, 990);
        Estimate slow = Estimate.of(800, 810, 790);
        assertThat(Difference.between(fast, slow)).isEqualTo(Difference.FIRST_HIGHER);
        assertThat(Difference.between(slow, fast)).isEqualTo(Difference.FIRST_LOWER);
        assertThat(Difference.between(fast, slow).clear()).isTrue();
    }

    @Test
    void overlappingIntervalsAreNoClearDifferenceEvenWithDifferentMedians() {
        // medians 1000 and 900, but three noisy repeats each: intervals overlap
        Estimate a = Estimate.of(1000, 1100, 900);
        Estimate b = Estimate.of(900, 1000, 800);
        assertThat(a.median()).isGreaterThan(b.median());
        assertThat(Difference.between(a, b)).isEqualTo(Difference.NO_CLEAR_DIFFERENCE);
        assertThat(Difference.between(b, a)).isEqualTo(Difference.NO_CLEAR_DIFFERENCE);
        assertThat(Difference.between(a, b).clear()).isFalse();
    }

    @Test
    void touchingIntervalsOverlap() {
        Estimate a = new Estimate(3, 10, 10, 8, 12, 0.1);
        Estimate b = new Estimate(3, 14, 14, 12, 16, 0.1);
        assertThat(Difference.between(a, b)).isEqualTo(Difference.NO_CLEAR_DIFFERENCE);
    }

    @Test
    void aSingleRepeatRanksNothing() {
        assertThat(Difference.between(Estimate.of(2000), Estimate.of(1000, 1001, 999)))
                .isEqualTo(Difference.NO_INTERVAL);
        assertThat(Difference.NO_INTERVAL.words()).contains("--repeat");
    }
}
