package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.ClientLimit;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RateSummary;
import dev.brokerbench.core.result.ResourceUsage;
import java.util.List;
import org.junit.jupiter.api.Test;

class StealRetryTest {
    private final StealRetry retry = new StealRetry(0.15, 2);

    @Test
    void aDisturbedPassIsMeasuredAgainUntilTheRetriesAreSpent() {
        assertThat(retry.again(phase(1_000, 0.34), 1)).isTrue();
        assertThat(retry.again(phase(1_000, 0.34), 2)).isTrue();
        assertThat(retry.again(phase(1_000, 0.34), 3)).as("two retries: three passes at most").isFalse();
        assertThat(retry.again(phase(1_000, 0.15), 1)).as("at the limit is undisturbed").isFalse();
        assertThat(retry.again(phase(1_000, null), 1)).as("unknown steal: no ground to retry").isFalse();
        assertThat(StealRetry.NONE.again(phase(1_000, 0.9), 1)).isFalse();
    }

    @Test
    void theLeastDisturbedPassIsKeptNotTheFastest() {
        List<PhaseResult> attempts = List.of(phase(3_000, 0.30), phase(1_500, 0.05), phase(2_500, 0.20));
        assertThat(StealRetry.leastDisturbed(attempts)).isEqualTo(1);
    }

    @Test
    void namesTheBadParameter() {
        assertThatThrownBy(() -> new StealRetry(1.5, 1)).hasMessageContaining("limit must be 0..1, got 1.5");
        assertThatThrownBy(() -> new StealRetry(0.1, 6)).hasMessageContaining("retries must be 0..5, got 6");
    }

    private static PhaseResult phase(double rate, Double steal) {
        return new PhaseResult("publish", Action.PUBLISH, PublishMode.SYNC, true, 1, 1, null, 1,
                new RateSummary(rate, rate, rate, rate, 1, 1000, 100), null, null, null, null,
                new ResourceUsage(0.1, 0.1, 0, 0, null, 2, ClientLimit.NONE, steal), List.of(), List.of(), null, null, null, java.util.Map.of());
    }
}
