package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.result.PhaseResult;
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
        Warmup w = new Warmup(Duration.ofSeconds(3), Duration.ofSeconds(60), 5_000, 200_000, 4, 0.10);
        assertThat(w.nextMessages(phaseAt(2_000), 5_000, 2.5, 2.5)).isEqualTo(7_200); // 2,000/s x 3 s x 1.2
        assertThat(w.nextMessages(phaseAt(1_000_000), 5_000, 0.5, 0.5)).isEqualTo(200_000);
        assertThat(w.nextMessages(phaseAt(100), 5_000, 50, 50)).isEqualTo(5_000);
    }

    @Test
    void theNextPassFitsTheTimeLeftAndNoPassStartsAfterTheBudget() {
        Warmup w = Warmup.forSeconds(2); // 8 s in all
        assertThat(w.maxTime()).isEqualTo(Duration.ofSeconds(8));
        // a consume pass: 5,000 messages drained at 25,000/s but 2 s with its fill; 6 s left fit 15,000, not 60,000
        assertThat(w.nextMessages(phaseAt(25_000), 5_000, 2, 2)).isEqualTo(15_000);
        assertThat(w.nextMessages(phaseAt(25_000), 5_000, 2, 7.9)).as("never below the minimum").isEqualTo(5_000);
        assertThat(w.mayContinue(1, 7.9)).isTrue();
        assertThat(Warmup.SINGLE_PASS.mayContinue(0, 0)).as("the first pass always runs").isTrue();
        assertThat(Warmup.SINGLE_PASS.mayContinue(1, 0)).isFalse();
        assertThat(w.mayContinue(1, 8)).isFalse();
        assertThat(w.mayContinue(4, 1)).as("at most 4 passes").isFalse();
        assertThatThrownBy(() -> new Warmup(Duration.ofSeconds(3), Duration.ofSeconds(2), 1, 1, 1, 0.1))
                .hasMessageContaining("minTime <= maxTime");
    }

    @Test
    void aPathsFirstCellGetsThreeTimesTheBudgetAndTheSameSteadinessRule() {
        Warmup first = Warmup.forSeconds(2).firstUse();
        assertThat(first.maxTime()).isEqualTo(Duration.ofSeconds(24));
        assertThat(first.maxPasses()).isEqualTo(12);
        assertThat(first.minTime()).isEqualTo(Duration.ofSeconds(2));
        assertThat(first.steadiness()).isEqualTo(0.10);
        assertThat(first.mayContinue(4, 12)).as("past the ordinary cell's 4 passes and 8 s").isTrue();
        assertThat(Warmup.SINGLE_PASS.firstUse()).isSameAs(Warmup.SINGLE_PASS);
    }

    @Test
    void aPathsFirstCellWarmsAtLeastTwiceTheOrdinaryBudgetEvenWhenSteady() {
        Warmup first = Warmup.forSeconds(2).firstUse();
        assertThat(first.minTotal()).isEqualTo(Duration.ofSeconds(16));
        PhaseResult flat = phaseAt(9_508, 2.5); // steady within itself
        assertThat(first.done(flat, 20_000, 15.9, 9_400)).isFalse();
        assertThat(first.done(flat, 20_000, 16.0, 9_400)).isTrue();
        assertThat(Warmup.forSeconds(2).done(flat, 20_000, 3, 9_400)).as("an ordinary cell stops when steady").isTrue();
    }

    @Test
    void aRateFlatInEachPassThatClimbsFromPassToPassIsNotSteady() {
        // SizingIT's cell: passes at 1,555, 1,865, 3,872 msg/s, each flat within itself, then measured at 7,500
        Warmup w = Warmup.forSeconds(1);
        PhaseResult third = phaseAt(3_872, 1.2);
        assertThat(w.done(third, 5_000, 3, 1_865)).as("x2.08 on the pass before").isFalse();
        assertThat(w.done(phaseAt(7_400, 1.2), 9_000, 4, 7_100)).as("within 10 %").isTrue();
        assertThat(w.done(phaseAt(7_400, 1.2), 9_000, 4, Double.NaN)).as("a first pass has nothing to agree with")
                .isFalse();
    }

    @Test
    void aDrainOfAStatedDepthIsDoneWhenTwoPassesAgreeWhateverTheirLength() {
        Warmup w = Warmup.forSeconds(2);
        // a 0.2 s drain never lasts the 2 s an ordinary pass must
        assertThat(w.done(phaseAt(100_000, 0.2), 20_000, 1, 98_000)).isFalse();
        assertThat(w.doneAtDepth(phaseAt(100_000, 0.2), 1, 98_000)).isTrue();
        assertThat(w.doneAtDepth(phaseAt(100_000, 0.2), 1, 70_000)).isFalse();
        assertThat(w.doneAtDepth(phaseAt(100_000, 0.2), 1, Double.NaN)).isFalse();
    }

    private static PhaseResult phaseAt(double rate) {
        return phaseAt(rate, 1);
    }

    private static PhaseResult phaseAt(double rate, double activeSeconds) {
        return new PhaseResult("p", dev.brokerbench.core.model.Action.PUBLISH,
                dev.brokerbench.core.model.PublishMode.SYNC, true, 1, 1, null, activeSeconds,
                new dev.brokerbench.core.result.RateSummary(rate, rate, rate, rate, 1, 1000, 100), curve(1, 1), null, null, null, null,
                java.util.List.of(), java.util.List.of(), null, null, null, java.util.Map.of());
    }
}
