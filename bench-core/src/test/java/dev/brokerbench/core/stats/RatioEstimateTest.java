package dev.brokerbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class RatioEstimateTest {
    private static final double[] BASELINE = {100, 110, 90};
    private static final double[] TWENTY_PERCENT_SLOWER = {80, 88, 72};

    @Test
    void oneCellIsWelchsIntervalOnTheLogarithms() {
        RatioEstimate e = RatioEstimate.of(List.of(new RatioEstimate.Pair(BASELINE, TWENTY_PERCENT_SLOWER)), 0.95);
        // equal spreads of the logs (variance of each mean 0.0033585), df = 4, t(0.975, 4) = 2.7764
        assertThat(e.ratio()).isCloseTo(0.8, within(1e-9));
        assertThat(e.low()).isCloseTo(0.63719, within(1e-4));
        assertThat(e.high()).isCloseTo(1.00442, within(1e-4));
        assertThat(e.clearlySlower()).as("one cell with 10 % noise and 3 repeats cannot show 20 %").isFalse();
    }

    @Test
    void sixCellsAverageTheirNoiseAndShowTheSameTwentyPercent() {
        List<RatioEstimate.Pair> six = Collections.nCopies(6, new RatioEstimate.Pair(BASELINE, TWENTY_PERCENT_SLOWER));
        RatioEstimate e = RatioEstimate.of(six, 0.99);
        assertThat(e.cells()).isEqualTo(6);
        assertThat(e.ratio()).isCloseTo(0.8, within(1e-9));
        assertThat(e.high()).isLessThan(1);
        assertThat(e.clearlySlower()).isTrue();
        assertThat(e.clearlyFaster()).isFalse();
    }

    @Test
    void anUnchangedCellsIntervalHoldsOne() {
        RatioEstimate e = RatioEstimate.of(List.of(new RatioEstimate.Pair(BASELINE, new double[] {105, 95, 100})),
                0.95);
        assertThat(e.low()).isLessThan(1);
        assertThat(e.high()).isGreaterThan(1);
        assertThat(e.clearlySlower() || e.clearlyFaster()).isFalse();
    }

    @Test
    void aHigherConfidenceWidensTheInterval() {
        List<RatioEstimate.Pair> pairs = List.of(new RatioEstimate.Pair(BASELINE, TWENTY_PERCENT_SLOWER));
        RatioEstimate narrow = RatioEstimate.of(pairs, 0.90);
        RatioEstimate wide = RatioEstimate.of(pairs, 0.99);
        assertThat(wide.low()).isLessThan(narrow.low());
        assertThat(wide.high()).isGreaterThan(narrow.high());
    }

    @Test
    void refusesWhatHasNoSpreadOrIsNoRate() {
        assertThatThrownBy(() -> new RatioEstimate.Pair(new double[] {100}, BASELINE))
                .hasMessageContaining("baseline").hasMessageContaining("at least 2 repeats");
        assertThatThrownBy(() -> new RatioEstimate.Pair(BASELINE, new double[] {100, 0}))
                .hasMessageContaining("fresh").hasMessageContaining("positive");
        assertThatThrownBy(() -> RatioEstimate.of(List.of(), 0.95)).hasMessageContaining("pairs");
        assertThatThrownBy(() -> RatioEstimate.of(List.of(new RatioEstimate.Pair(BASELINE, BASELINE)), 1.0))
                .hasMessageContaining("confidence");
    }
}
