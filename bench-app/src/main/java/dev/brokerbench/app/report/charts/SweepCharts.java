package dev.brokerbench.app.report.charts;

import dev.brokerbench.app.report.CallTables.SweepResults;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Sweep;
import dev.brokerbench.core.result.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A sweep's figures: the rate against the swept value (calls/s against size on a logarithmic axis, as published;
 * throughput against concurrency) and, for request/reply, latency p50 (solid) and p99 (dashed) against it.
 */
public final class SweepCharts {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 420;

    private SweepCharts() {
    }

    public static List<Charts.Png> of(SweepResults sweep, Charts.Palette palette) {
        List<Charts.Png> charts = new ArrayList<>();
        Map<String, List<RunResult>> byPath = byPath(sweep.results());
        String x = axis(sweep.variable());
        XYChart rate = chart(sweep.series() + ": " + sweep.title(), x, sweep.unit(), sweep);
        byPath.forEach((name, cells) -> line(rate, name, cells, r -> r.reportedPhase().rate().overall(), palette,
                false));
        charts.add(Charts.png("sweep-" + sweep.series() + "-rate", sweep.series() + " " + sweep.unit() + " by "
                + sweep.variable().key(), rate));
        if (sweep.action() == Action.RPC) {
            XYChart latency = chart(sweep.series() + ": latency p50 (solid), p99 (dashed)", x, "µs (log)", sweep);
            latency.getStyler().setYAxisLogarithmic(true);
            Charts.linearLabelsOff(latency);
            byPath.forEach((name, cells) -> {
                line(latency, name, cells, r -> Math.max(1, r.reportedPhase().latency().p50Micros()), palette, false);
                line(latency, name + " p99", cells, r -> Math.max(1, r.reportedPhase().latency().p99Micros()),
                        palette.withAlias(name + " p99", name), true);
            });
            charts.add(Charts.png("sweep-" + sweep.series() + "-latency", sweep.series() + " latency by "
                    + sweep.variable().key(), latency));
        }
        return charts;
    }

    private static String axis(Sweep.Variable v) {
        return switch (v) {
            case PAYLOAD_BYTES -> "message size, bytes (log)";
            case CLIENTS -> "concurrent clients";
            case MESSAGES -> "calls per run";
            case RATE_PERCENT -> "% of the highest sustained rate";
            case SUBSCRIBERS -> "subscribers of the topic";
            case MATCHING_PERCENT -> "% of messages the selector matches (100: none)";
            case ACK_BATCH -> "messages per commit or acknowledgement (log)";
        };
    }

    private static XYChart chart(String title, String x, String y, SweepResults sweep) {
        long paths = sweep.results().stream().map(Charts::series).distinct().count();
        int height = (int) Math.max(HEIGHT, 90 + 19 * paths); // room for every legend entry
        XYChart chart = new XYChartBuilder().width(WIDTH).height(height).title(title).xAxisTitle(x).yAxisTitle(y)
                .build();
        Charts.style(chart);
        boolean positive = sweep.results().stream().allMatch(r -> r.workload().point().value() > 0);
        chart.getStyler().setXAxisLogarithmic(positive && (sweep.variable() == Sweep.Variable.PAYLOAD_BYTES
                || sweep.variable() == Sweep.Variable.ACK_BATCH));
        chart.getStyler().setMarkerSize(6);
        return chart;
    }

    private static void line(XYChart chart, String name, List<RunResult> cells, ToDoubleFunction<RunResult> y,
                             Charts.Palette palette, boolean dashed) {
        // a cell that answered nothing has no rate or latency to plot (the tables say why)
        List<RunResult> sorted = cells.stream().filter(r -> r.reportedPhase().completed() > 0)
                .sorted(Comparator.comparingLong(r -> r.workload().point().value())).toList();
        if (sorted.isEmpty()) {
            return;
        }
        double[] xs = sorted.stream().mapToDouble(r -> r.workload().point().value()).toArray();
        double[] ys = sorted.stream().mapToDouble(y).toArray();
        XYSeries s = chart.addSeries(name, xs, ys);
        s.setLineColor(palette.of(name));
        s.setMarkerColor(palette.of(name));
        s.setMarker(sorted.size() > 40 ? SeriesMarkers.NONE : SeriesMarkers.CIRCLE);
        s.setLineStyle(dashed ? SeriesLines.DASH_DASH : SeriesLines.SOLID);
        if (dashed) {
            s.setShowInLegend(false); // the title says dashed = p99; one legend entry per path
        }
    }

    private static Map<String, List<RunResult>> byPath(List<RunResult> results) {
        Map<String, List<RunResult>> map = new LinkedHashMap<>();
        results.forEach(r -> map.computeIfAbsent(Charts.series(r), k -> new ArrayList<>()).add(r));
        return map;
    }
}
