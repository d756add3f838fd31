package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PassPlanTest {
    private final PassPlan twoSeconds = new PassPlan(Warmup.DEFAULT, Duration.ofSeconds(2));

    @Test
    void theMeasuredPassIsSizedFromTheWarmUpRateOrByCount() {
        assertThat(twoSeconds.measuredMessages(20_000, 12_345.6, 4)).isEqualTo(24_692);
        assertThat(twoSeconds.measuredMessages(20_000, Double.NaN, 4)).as("no warm-up: the count").isEqualTo(20_000);
        assertThat(twoSeconds.measuredMessages(20_000, 0.5, 4)).as("at least one per client").isEqualTo(4);
        assertThat(PassPlan.DEFAULT.measuredMessages(20_000, 12_345.6, 4)).as("no --duration").isEqualTo(20_000);
    }

    @Test
    void aLaterRepeatMeasuresAsManyMessagesAsTheFirstWhateverItsWarmUpRan() {
        PassPlan later = twoSeconds.sameAs(24_692);
        assertThat(later.measuredMessages(20_000, 50_000, 4)).isEqualTo(24_692);
        assertThat(later.firstUse().measuredMessages(20_000, 1_000, 4)).isEqualTo(24_692);
        assertThat(later.warmup()).isEqualTo(twoSeconds.warmup());
        assertThatThrownBy(() -> twoSeconds.sameAs(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sameAs");
    }
}
