package dev.brokerbench.app.omb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RateSummary;
import dev.brokerbench.core.result.TimeSeries;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** OMB's 10 s windows from a phase's progress curve: every completion lands in one window. */
class OmbResultsTest {

    /** 25,500 completions over 25.5 s at a steady 1,000 a second, a curve point every 1,000. */
    private static PhaseResult steady() {
        double[] seconds = new double[26];
        for (int i = 0; i < seconds.length; i++) {
            seconds[i] = i;
        }
        return new PhaseResult("p", Action.PUBLISH, PublishMode.ASYNC, false, 25_500, 25_500, null, 25.5,
                new RateSummary(1000, 1000, 1000, 1000, 25, 1000, 100), new TimeSeries(1000, seconds), null, null,
                null, null, List.of(), List.of(), null, null, null, java.util.Map.of());
    }

    @Test
    void windowsOfTenSecondsHoldEveryCompletionTheLastOverItsOwnLength() {
        PhaseResult p = steady();
        List<Double> rates = OmbResults.rates(p, 3);
        assertThat(rates).satisfiesExactly(r -> assertThat(r).isCloseTo(1000, Offset.offset(1.0)),
                r -> assertThat(r).isCloseTo(1000, Offset.offset(1.0)),
                r -> assertThat(r).isCloseTo(1000, Offset.offset(1.0)));
        double total = rates.get(0) * 10 + rates.get(1) * 10 + rates.get(2) * 5.5;
        assertThat(total).as("the curve's last point is 25,000: the last 500 come from the phase's count")
                .isCloseTo(25_500, Offset.offset(1.0));
    }

    @Test
    void completionsBetweenCurvePointsAreInterpolated() {
        PhaseResult p = steady();
        assertThat(OmbResults.completedBy(p, 0)).isZero();
        assertThat(OmbResults.completedBy(p, 12.25)).isEqualTo(12_250);
        assertThat(OmbResults.completedBy(p, 25.25)).isEqualTo(25_250);
        assertThat(OmbResults.completedBy(p, 30)).isEqualTo(25_500);
    }
}
