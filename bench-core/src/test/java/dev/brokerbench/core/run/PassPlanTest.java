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

    @Test
    void aPassThatMissedTheDurationBySeveralTenthsIsSizedAgainButNotALaterRepeatOrACountedPass() {
        assertThat(twoSeconds.missed(2.0)).isFalse();
        assertThat(twoSeconds.missed(1.5)).isFalse();
        assertThat(twoSeconds.missed(3.0)).isFalse();
        // SizingIT in CI: 0.65 s for a 2 s target
        assertThat(twoSeconds.missed(0.65)).isTrue();
        assertThat(twoSeconds.missed(3.1)).isTrue();
        assertThat(twoSeconds.sameAs(24_692).missed(0.65)).as("a later repeat keeps the first's count").isFalse();
        assertThat(PassPlan.DEFAULT.missed(0.01)).as("sized by count").isFalse();
    }
}
