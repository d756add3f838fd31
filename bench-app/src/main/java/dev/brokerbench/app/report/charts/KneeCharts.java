package dev.brokerbench.app.report.charts;

import dev.brokerbench.app.report.CurveTables.Curve;
import dev.brokerbench.core.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The knee chart of each latency curve: end-to-end latency p99 (solid) and p50 (dashed) against the offered rate, one
 * colour per broker and client path, both axes logarithmic so that brokers an order of magnitude apart share a chart.
 */
public final class KneeCharts {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 460;

    private KneeCharts() {
    }

    public static List<Charts.Png> of(List<Curve> curves, Charts.Palette palette) {
        Map<String, List<Curve>> bySeries = new LinkedHashMap<>();
        curves.forEach(c -> bySeries.computeIfAbsent(c.series(), k -> new ArrayList<>()).add(c));
        List<Charts.Png> charts = new ArrayList<>();
        bySeries.forEach((series, own) -> charts.add(knee(series, own, palette)));
        return charts;
    }

    private static Charts.Png knee(String series, List<Curve> curves, Charts.Palette palette) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(Math.max(HEIGHT, 90 + 19 * curves.size()))
                .title(series + ": " + curves.get(0).title() + " — end-to-end p99 (solid), p50 (dashed)")
                .xAxisTitle("offered msg/s (log)").yAxisTitle("latency µs (log)").build();
        Charts.style(chart);
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true).setMarkerSize(6);
        Charts.linearLabelsOff(chart);
        double yMin = Double.MAX_VALUE;
        double yMax = 0;
        for (Curve c : curves) {
            List<RunResult> points = c.points().stream().filter(p -> p.reportedPhase().endToEnd() != null).toList();
            if (points.isEmpty()) {
                continue;
            }
            double[] x = points.stream().mapToDouble(p -> p.workload().offeredRate()).toArray();
            double[] p99 = points.stream().mapToDouble(p -> Math.max(1, p.reportedPhase().endToEnd().p99Micros()))
                    .toArray();
            double[] p50 = points.stream().mapToDouble(p -> Math.max(1, p.reportedPhase().endToEnd().p50Micros()))
                    .toArray();
            for (int i = 0; i < x.length; i++) {
                yMin = Math.min(yMin, p50[i]);
                yMax = Math.max(yMax, p99[i]);
            }
            add(chart, c.name(), x, p99, palette, false);
            add(chart, c.name() + " p50", x, p50, palette.withAlias(c.name() + " p50", c.name()), true);
        }
        Charts.yDecades(chart, yMin, yMax);
        return Charts.png("knee-" + series, series + " latency against offered rate", chart);
    }

    private static void add(XYChart chart, String name, double[] x, double[] y, Charts.Palette palette,
                            boolean dashed) {
        XYSeries s = chart.addSeries(name, x, y);
        s.setLineColor(palette.of(name));
        s.setMarkerColor(palette.of(name));
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setLineStyle(dashed ? SeriesLines.DASH_DASH : SeriesLines.SOLID);
        s.setShowInLegend(!dashed); // the title says dashed = p50; one legend entry per path
    }
}
