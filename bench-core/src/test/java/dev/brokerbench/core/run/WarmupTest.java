package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.result.TimeSeries;
import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WarmupTest {

    /** A curve of 20 steps: the first half at {@code firstRate} steps/s, the second at {@code secondRate}. */
    private static TimeSeries curve(double firstRate, double secondRate) {
        double[] s = new double[21];
        for (int i = 1; i <= 20; i++) {
            s[i] = s[i - 1] + 1 / (i <= 10 ? firstRate : secondRate);
        }
        return new TimeSeries(1000, s);
    }

    @Test
    void aRateThatStillClimbsIsNotSteady() {
        assertThat(Warmup.steady(curve(100, 140), 0.10)).isFalse();
    }

    @Test
    void halvesWithinTheToleranceAreSteady() {
        assertThat(Warmup.steady(curve(100, 105), 0.10)).isTrue();
        assertThat(Warmup.steady(curve(100, 95), 0.10)).isTrue();
    }

    @Test
    void aCurveTooShortToJudgeIsNotSteady() {
        assertThat(Warmup.steady(new TimeSeries(1000, IntStream.range(0, 4).mapToDouble(i -> i).toArray()), 0.10))
                .isFalse();
    }

    @Test
    void theNextPassIsSizedToLastTheMinimumTimeWithinItsBounds() {
        Warmup w = new Warmup(Duration.ofSeconds(3), 5_000, 200_000, 4, 0.10);
        assertThat(w.nextMessages(phaseAt(2_000), 5_000)).isEqualTo(7_200); // 2,000/s x 3 s x 1.2
        assertThat(w.nextMessages(phaseAt(1_000_000), 5_000)).isEqualTo(200_000);
        assertThat(w.nextMessages(phaseAt(100), 5_000)).isEqualTo(5_000);
    }

    private static dev.brokerbench.core.result.PhaseResult phaseAt(double rate) {
        return new dev.brokerbench.core.result.PhaseResult("p", dev.brokerbench.core.model.Action.PUBLISH,
                dev.brokerbench.core.model.PublishMode.SYNC, true, 1, 1, 1,
                new dev.brokerbench.core.result.RateSummary(rate, rate, rate, rate, 1, 1000, 100), curve(1, 1), null, null, null,
                java.util.List.of());
    }
}
