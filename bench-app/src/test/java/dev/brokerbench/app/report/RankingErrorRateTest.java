package dev.brokerbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ranking's promise, "the chance that a case names any difference that is not there is at most 5 %", held over
 * cases whose cells all run at one rate: the ranking compares each cell with the fastest, which the data chose
 * (issue 61 §3.1: at 5 % / (paths - 1) a case of four equal paths named a difference about 7 % of the time, five
 * paths 9 %). Seeded draws: the count is the same on every run, so the test asserts the rule, not the machine's luck.
 */
class RankingErrorRateTest {
    private static final int CASES = 4000;

    /** How many of {@code CASES} cases of {@code paths} equal cells (10 % spread) name any difference. */
    private static int casesNamingADifference(int paths, int repeats, long seed) {
        Random random = new Random(seed);
        int named = 0;
        for (int c = 0; c < CASES; c++) {
            List<List<Double>> cells = new ArrayList<>();
            for (int p = 0; p < paths; p++) {
                List<Double> rates = new ArrayList<>();
                for (int r = 0; r < repeats; r++) {
                    rates.add(10_000 * Math.exp(0.1 * random.nextGaussian()));
                }
                cells.add(rates);
            }
            cells.sort(Comparator.comparingDouble(RankingErrorRateTest::logMean).reversed()); // fastest first
            boolean any = false;
            for (int i = 0; i < paths && !any; i++) {
                any = ComparisonTable.ofRates(cells, i).verdict().clear();
            }
            named += any ? 1 : 0;
        }
        return named;
    }

    private static double logMean(List<Double> rates) {
        return rates.stream().mapToDouble(Math::log).average().orElseThrow();
    }

    /**
     * Measured on this rule's predecessor (5 % / (paths - 1), the same seeds): 6.2, 7.7 and 8.4 % of cases with 3, 4
     * and 5 paths of 10 repeats, 3.7 % with 5 paths of 3 repeats (Welch's test on so few is conservative enough to
     * hide it); every pair's share: 4.2, 4.0, 3.4 and 1.2 %.
     */
    @ParameterizedTest(name = "{0} paths of {1} repeats")
    @CsvSource({"3, 10", "4, 10", "5, 10", "5, 3"})
    void aCaseOfEqualPathsNamesADifferenceAtMostFivePercentOfTheTime(int paths, int repeats) {
        int named = casesNamingADifference(paths, repeats, 99);

        assertThat(named).as(paths + " equal paths of " + repeats + " repeats, " + CASES + " cases")
                .isLessThanOrEqualTo((int) (CASES * ComparisonTable.FAMILY_ALPHA));
        System.out.printf("%d equal paths of %d repeats: %d of %d cases named a difference (%.1f %%)%n", paths,
                repeats, named, CASES, 100.0 * named / CASES);
    }
}
