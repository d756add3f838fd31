package dev.brokerbench.core.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class CpuTimesTest {
    @Test
    void readsStealFromTheAggregateLineAndLeavesGuestTimeOut() {
        CpuTimes t = CpuTimes.parse(List.of(
                "cpu  11632 0 5399 26817 737 0 330 3054 500 0",
                "cpu0 5800 0 2700 13400 370 0 160 1500 250 0")).orElseThrow();
        assertThat(t.steal()).isEqualTo(3054);
        assertThat(t.total()).isEqualTo(11632 + 5399 + 26817 + 737 + 330 + 3054);
    }

    @Test
    void stealShareIsStolenTicksOverAllTicksBetweenTwoReadings() {
        CpuTimes before = new CpuTimes(100, 1_000);
        CpuTimes after = new CpuTimes(130, 1_200);
        assertThat(after.stealShareSince(before)).hasValueSatisfying(
                share -> assertThat(share).isCloseTo(0.15, Offset.offset(1e-9)));
        assertThat(before.stealShareSince(before)).isEmpty();
    }

    @Test
    void noAggregateLineNoReading() {
        assertThat(CpuTimes.parse(List.of("intr 1 2 3"))).isEmpty();
    }

    @Test
    void namesTheBadCounter() {
        assertThatThrownBy(() -> new CpuTimes(5, 4)).hasMessageContaining("steal must be 0..total");
    }
}
