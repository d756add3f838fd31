package dev.brokerbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.report.ReportData.JmhScore;
import org.junit.jupiter.api.Test;

class JmhScoreTest {
    private static JmhScore score(double msgPerSec, double error) {
        return new JmhScore("publishAsync", "artemis", "artemis-core-jms", 0, msgPerSec, error, "raw");
    }

    @Test
    void aScoreIsRankedOnlyWithAnErrorOfAtMostTenPercent() {
        assertThat(score(40_000, 3_900).rankable()).isTrue();
        assertThat(score(40_000, 4_000).rankable()).isTrue();
        assertThat(score(40_000, 4_100).rankable()).isFalse();
        assertThat(score(3_000, 750).relativeError()).isEqualTo(0.25);
    }

    @Test
    void aScoreWithoutAnErrorBarIsNotRanked() {
        assertThat(score(40_000, 0).rankable()).as("one iteration: JMH gives no error").isFalse();
        assertThat(score(0, 0).rankable()).isFalse();
    }
}
