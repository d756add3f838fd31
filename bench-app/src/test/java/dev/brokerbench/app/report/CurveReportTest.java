package dev.brokerbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.gate.Figures;
import dev.brokerbench.app.report.charts.Charts;
import dev.brokerbench.core.result.StepVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A stored latency curve (ActiveMQ Artemis, artemis-core-jms, scale 0.02: a search of 15 steps and five points) in the
 * report: its own section and knee chart, not among the live cells, not in the gate.
 */
class CurveReportTest {
    private static final ReportData DATA = ReportData.read(StoredRunReportTest.resource("curve-run"));

    @Test
    void eachPointIsAShareOfTheSearchedRate() {
        List<CurveTables.Curve> curves = CurveTables.curves(DATA.results());

        assertThat(curves).hasSize(1);
        CurveTables.Curve curve = curves.get(0);
        assertThat(curve.name()).isEqualTo("artemis / artemis-core-jms");
        assertThat(curve.search().highest()).isEqualTo(34896.247445288245);
        assertThat(curve.search().steps()).hasSize(15);
        assertThat(curve.search().steps().get(0).verdict()).isEqualTo(StepVerdict.WARM_UP);
        assertThat(curve.points()).extracting(p -> p.workload().point().value()).containsExactly(10L, 25L, 50L, 75L,
                90L);
        assertThat(curve.points()).allSatisfy(p -> assertThat(p.workload().offeredRate())
                .isCloseTo(curve.search().highest() * p.workload().point().value() / 100, org.assertj.core.data.Offset.offset(0.01)));
        assertThat(CurveTables.summary(curves).rows().get(0)).contains("34,896", "publishers fell behind", "15");
        assertThat(CurveTables.steps(curves).rows()).hasSize(15);
    }

    @Test
    void theCurveHasItsOwnSectionAndKneeChartAndStaysOutOfTheLiveTableAndTheGate() {
        assertThat(DATA.sections()).extracting(Section::id).contains("curves").doesNotContain("live", "results");
        assertThat(ReportWriter.charts(DATA)).extracting(Charts.Png::name).contains("knee-l3");
        assertThat(LiveTables.of(DATA.results())).isEmpty();
        assertThat(Figures.of(DATA).cells()).isEmpty();
        assertThat(ReportWriter.csv(DATA.results())).contains(",17448.1,,,,\n");
    }
}
