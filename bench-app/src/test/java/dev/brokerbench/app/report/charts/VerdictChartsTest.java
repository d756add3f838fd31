package dev.brokerbench.app.report.charts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.report.ComparisonTable;
import dev.brokerbench.app.report.RepeatedCell;
import dev.brokerbench.app.report.ReportData;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The verdict's small multiples of the stored run: one per case, sized to its paths, each path in its colour. */
class VerdictChartsTest {
    private static final ReportData DATA = read();

    private static ReportData read() {
        try {
            return ReportData.read(java.nio.file.Path.of(VerdictChartsTest.class.getResource("/stored-run").toURI()));
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aChartPerCaseDrawnAtTwiceItsSizeInEachPathsColour() throws Exception {
        Map<String, List<RepeatedCell>> byCase = ComparisonTable.byCase(RepeatedCell.of(DATA.results()));
        Charts.Palette palette = Charts.palette(DATA.results(), DATA.jmh());
        List<Charts.Png> charts = VerdictCharts.of(byCase, palette);
        assertThat(charts).extracting(Charts.Png::name).containsExactly("verdict-c1", "verdict-c5", "verdict-f1",
                "verdict-f4");
        assertThat(charts).allMatch(VerdictCharts::isVerdict);
        assertThat(VerdictCharts.caseOf("verdict-c1")).isEqualTo("c1");
        assertThat(charts.get(0).title()).contains("geometric mean", "95 % interval (Student's t on log rates)");
        BufferedImage c1 = ImageIO.read(new ByteArrayInputStream(charts.get(0).bytes()));
        BufferedImage f4 = ImageIO.read(new ByteArrayInputStream(charts.get(3).bytes()));
        assertThat(c1.getWidth()).isEqualTo(2 * VerdictCharts.WIDTH);
        assertThat(f4.getHeight()).as("three paths, one row fewer than c1's four").isLessThan(c1.getHeight());
        // the fastest's dot sits at 1 (the dashed line), in the palette's colour of its path
        int rgb = palette.of(byCase.get("c1").get(0).series()).getRGB();
        boolean found = false;
        for (int x = 0; x < c1.getWidth() && !found; x++) {
            for (int y = 0; y < c1.getHeight() && !found; y++) {
                found = c1.getRGB(x, y) == rgb;
            }
        }
        assertThat(found).as("a pixel of the fastest path's colour").isTrue();
    }

    /** The chart's word for each path is the verdict of the comparison table's ranking. */
    @Test
    void theWordsSayTheRankingsVerdict() {
        Map<String, List<RepeatedCell>> byCase = ComparisonTable.byCase(RepeatedCell.of(DATA.results()));
        List<RepeatedCell> f4 = byCase.get("f4");
        assertThat(List.of(VerdictCharts.word(f4, 0), VerdictCharts.word(f4, 1), VerdictCharts.word(f4, 2)))
                .containsExactly("no diff. shown", "no diff. shown", "slower");
        assertThat(ComparisonTable.ranking(f4, 2)).startsWith("slower than artemis / artemis-core-jms (x0.46");
        assertThat(VerdictCharts.word(List.of(f4.get(0)), 0)).as("a case of one path ranks nothing").isEmpty();
    }

    @Test
    void figuresInThreeDigits() {
        assertThat(List.of(VerdictCharts.threeDigits(5786), VerdictCharts.threeDigits(122_045),
                VerdictCharts.threeDigits(88_184), VerdictCharts.threeDigits(649), VerdictCharts.threeDigits(7.25),
                VerdictCharts.threeDigits(1_530_000))).containsExactly("5.79k", "122k", "88.2k", "649", "7.3", "1.53M");
    }
}
