package dev.brokerbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Hand-checked against scipy 1.17 ({@code scipy.stats.ttest_ind(log a, log b, equal_var=False)} and
 * {@code scipy.stats.t.ppf}).
 */
class ComparisonTest {

    @Test
    void aQuarterFasterWithTenPercentSpreadIsJustShownWithThreeRepeats() {
        // logs differ by ln 1.25 with sd ln 1.1 on both sides: Welch df 4, se 0.0778201, t(0.975, 4) 2.7764451:
        // ratio 1.25, interval 1.00710 .. 1.55148, p = 0.0456
        Comparison c = Comparison.of(new double[]{100, 110, 121}, new double[]{80, 88, 96.8}, 0.05);
        assertThat(c.ratio()).isCloseTo(1.25, within(1e-9));
        assertThat(c.low()).isCloseTo(1.00710, within(1e-5));
        assertThat(c.high()).isCloseTo(1.55148, within(1e-5));
        assertThat(c.verdict()).isEqualTo(Comparison.Verdict.HIGHER);
        // (t(0.975, 4) + t(0.9, 4)) x se = (2.7764451 + 1.5332063) x 0.0778201 -> exp 1.39847
        assertThat(c.detectable()).isCloseTo(1.39847, within(1e-5));
        Comparison reversed = Comparison.of(new double[]{80, 88, 96.8}, new double[]{100, 110, 121}, 0.05);
        assertThat(reversed.verdict()).isEqualTo(Comparison.Verdict.LOWER);
        assertThat(reversed.ratio()).isCloseTo(0.8, within(1e-9));
    }

    @Test
    void seventeenPercentWithTheSameSpreadIsNotShownAndSaysWhatWouldHaveBeen() {
        // p = 0.105: interval 0.94786 .. 1.46021 holds 1; the same spread would have shown 39.8 %
        Comparison c = Comparison.of(new double[]{100, 110, 121}, new double[]{85, 93.5, 102.85}, 0.05);
        assertThat(c.verdict()).isEqualTo(Comparison.Verdict.NOT_SHOWN);
        assertThat(c.low()).isCloseTo(0.94786, within(1e-5));
        assertThat(c.high()).isCloseTo(1.46021, within(1e-5));
        assertThat(c.detectablePercent()).isEqualTo("40 %");
        assertThat(c.words("artemis")).contains("no difference shown from artemis").contains("40 %");
    }

    @Test
    void aDisturbedRepeatHidesATenPercentDifferenceAndSaysHowMuchCouldNotBeSeen() {
        // 10,000 / 10,100 / 5,000 against 9,000 / 9,100 / 9,050: Welch df 2.0008, interval 0.32337 .. 2.39448;
        // undisturbed (9,900 for 5,000) the same difference is shown: 1.08247 .. 1.12789, p = 0.0005
        Comparison disturbed = Comparison.of(new double[]{10_000, 10_100, 5_000}, new double[]{9_000, 9_100, 9_050},
                0.05);
        assertThat(disturbed.verdict()).isEqualTo(Comparison.Verdict.NOT_SHOWN);
        assertThat(disturbed.low()).isCloseTo(0.32337, within(1e-4));
        assertThat(disturbed.high()).isCloseTo(2.39448, within(1e-3));
        assertThat(disturbed.detectable()).isCloseTo(4.2201, within(1e-3));
        assertThat(disturbed.detectablePercent()).isEqualTo("x4.2");
        Comparison steady = Comparison.of(new double[]{10_000, 10_100, 9_900}, new double[]{9_000, 9_100, 9_050},
                0.05);
        assertThat(steady.verdict()).isEqualTo(Comparison.Verdict.HIGHER);
        assertThat(steady.low()).isCloseTo(1.08247, within(1e-5));
        assertThat(steady.high()).isCloseTo(1.12789, within(1e-5));
    }

    @Test
    void twoSpreadRepeatsASideSayTheyCannotShowAnything() {
        Comparison c = Comparison.of(new double[]{7_306, 4_581}, new double[]{4_703, 4_939}, 0.05);
        assertThat(c.verdict()).isEqualTo(Comparison.Verdict.NOT_SHOWN);
        assertThat(c.detectable()).isGreaterThan(Comparison.BLIND);
        assertThat(c.detectablePercent()).isEqualTo("x10 or more");
        assertThat(c.words("apollo")).contains("could not show even a factor of 10", "--repeat 3");
    }

    @Test
    void unequalRepeatsUseWelchSatterthwaiteDegreesOfFreedom() {
        // 4 against 2 repeats: df 2.5343, interval 1.03822 .. 1.61742, p = 0.035
        Comparison c = Comparison.of(new double[]{100, 110, 121, 105}, new double[]{80, 88}, 0.05);
        assertThat(c.low()).isCloseTo(1.03822, within(1e-5));
        assertThat(c.high()).isCloseTo(1.61742, within(1e-5));
        assertThat(c.detectable()).isCloseTo(1.39028, within(1e-5));
    }

    @Test
    void aStricterErrorRateWidensTheInterval() {
        Comparison at5 = Comparison.of(new double[]{100, 110, 121}, new double[]{80, 88, 96.8}, 0.05);
        Comparison at1 = Comparison.of(new double[]{100, 110, 121}, new double[]{80, 88, 96.8}, 0.01);
        assertThat(at1.low()).isLessThan(at5.low());
        assertThat(at1.verdict()).isEqualTo(Comparison.Verdict.NOT_SHOWN);
    }

    @Test
    void equalCellsAreCalledDifferentAboutAsOftenAsTheErrorRateSays() {
        // 4,000 comparisons of two cells drawn from the same lognormal rate (10 % spread, 3 repeats each)
        Random random = new Random(7);
        int called = 0;
        int trials = 4000;
        for (int i = 0; i < trials; i++) {
            double[] a = new double[3];
            double[] b = new double[3];
            for (int k = 0; k < 3; k++) {
                a[k] = 1000 * Math.exp(0.1 * random.nextGaussian());
                b[k] = 1000 * Math.exp(0.1 * random.nextGaussian());
            }
            if (Comparison.of(a, b, 0.05).verdict().clear()) {
                called++;
            }
        }
        // binomial(4000, 0.05): 200 expected, sd 13.8
        assertThat(called).isBetween(160, 240);
    }

    @Test
    void aDifferenceOfTheDetectableSizeIsShownAboutNineTimesInTen() {
        Random random = new Random(11);
        double spread = 0.05;
        // with 6 repeats a side and 5 % spread the detectable ratio is about exp((2.228 + 1.372) x 0.0289) = 1.11
        double[] probeA = new double[6];
        double[] probeB = new double[6];
        for (int k = 0; k < 6; k++) {
            probeA[k] = 1000 * Math.exp(spread * (k % 2 == 0 ? 1 : -1) * Math.sqrt(5.0 / 6));
            probeB[k] = probeA[k];
        }
        double detectable = Comparison.of(probeA, probeB, 0.05).detectable();
        assertThat(detectable).isCloseTo(1.11, within(0.01));
        int shown = 0;
        int trials = 2000;
        for (int i = 0; i < trials; i++) {
            double[] a = new double[6];
            double[] b = new double[6];
            for (int k = 0; k < 6; k++) {
                a[k] = 1000 * detectable * Math.exp(spread * random.nextGaussian());
                b[k] = 1000 * Math.exp(spread * random.nextGaussian());
            }
            if (Comparison.of(a, b, 0.05).verdict() == Comparison.Verdict.HIGHER) {
                shown++;
            }
        }
        // the detectable ratio is computed from the true spread here; the test's own estimate varies, so about 0.9
        assertThat(shown / (double) trials).isBetween(0.85, 0.95);
    }

    @Test
    void tooFewRepeatsOrAFailedRepeatGiveNoTest() {
        assertThat(Comparison.of(List.of(100.0), List.of(90.0, 91.0)).verdict())
                .isEqualTo(Comparison.Verdict.NO_TEST);
        assertThat(Comparison.of(List.of(100.0, 0.0), List.of(90.0, 91.0)).verdict())
                .isEqualTo(Comparison.Verdict.NO_TEST);
        assertThat(Comparison.of(List.of(100.0), List.of(90.0, 91.0)).words("x")).contains("--repeat 3");
    }

    @Test
    void anErrorRateOutsideItsRangeIsNamed() {
        assertThatThrownBy(() -> Comparison.of(new double[]{1, 2}, new double[]{1, 2}, 0.5))
                .hasMessageContaining("alpha");
    }
}
