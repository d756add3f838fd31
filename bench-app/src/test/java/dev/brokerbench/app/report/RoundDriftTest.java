package dev.brokerbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class RoundDriftTest {
    @Test
    void aRoundThatSlowedEveryCellStandsOut() {
        // three cells of very different rates; the third round ran at 0.75 of the others in each
        RoundDrift drift = RoundDrift.ofRates(List.of(
                List.of(2_000.0, 2_000.0, 1_500.0),
                List.of(40_000.0, 40_000.0, 30_000.0),
                List.of(10_000.0, 10_000.0, 7_500.0))).orElseThrow();
        assertThat(drift.rounds()).hasSize(3);
        assertThat(drift.rounds().get(0).factor()).isCloseTo(1.0, Offset.offset(1e-9));
        assertThat(drift.rounds().get(2).factor()).isCloseTo(0.75, Offset.offset(1e-9));
        assertThat(drift.rounds().get(2).slowest()).isEqualTo(3);
        assertThat(drift.rounds().get(0).slowest()).isZero();
        assertThat(drift.describe()).contains("round 3 0.75 (slowest in 3 of 3 cells)");
    }

    @Test
    void noisyCellsWithoutACommonShiftGiveFactorsNearOne() {
        RoundDrift drift = RoundDrift.ofRates(List.of(
                List.of(1_000.0, 1_200.0, 800.0),
                List.of(1_200.0, 800.0, 1_000.0),
                List.of(800.0, 1_000.0, 1_200.0))).orElseThrow();
        drift.rounds().forEach(r -> assertThat(r.factor()).isCloseTo(1.0, Offset.offset(0.05)));
        drift.rounds().forEach(r -> assertThat(r.slowest()).isEqualTo(1));
    }

    @Test
    void nothingToSayWithoutRepeats() {
        assertThat(RoundDrift.ofRates(List.of(List.of(1_000.0), List.of(2_000.0)))).isEmpty();
        assertThat(RoundDrift.ofRates(List.of(List.of(1_000.0, 0.0)))).as("a failed repeat").isEmpty();
    }
}
