package dev.brokerbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A phase with fewer whole rate windows than can show steadiness says so, instead of "windows 0..0". */
class RateSummaryTest {
    private static RateSummary of(int windows, double min, double max) {
        return new RateSummary(100_000, min, (min + max) / 2, max, windows, 1000, 100);
    }

    @Test
    void aPhaseWithoutAWholeWindowIsTooShortToShowSteadiness() {
        RateSummary drained = of(0, 0, 0); // Artemis drained c5's 10,000 messages in 84 ms

        assertThat(drained.showsSteadiness()).isFalse();
        assertThat(drained.windowRange())
                .isEqualTo("too short to show steadiness: 0 whole windows of >= 1000 msgs and 100 ms");
    }

    @Test
    void oneOrTwoWindowsAreStillTooShortThreeShowIt() {
        assertThat(of(1, 4866, 4866).windowRange())
                .isEqualTo("too short to show steadiness: 1 whole window of >= 1000 msgs and 100 ms");
        assertThat(of(RateSummary.STEADY_WINDOWS - 1, 10, 20).showsSteadiness()).isFalse();
        assertThat(of(RateSummary.STEADY_WINDOWS, 9120, 11845).windowRange()).isEqualTo("windows 9,120..11,845");
    }
}
