package dev.brokerbench.app.report.charts;

import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.result.BrokerPath;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.LatencySummary;
import java.util.function.Function;
import dev.brokerbench.app.report.ReportData.JmhScore;
import dev.brokerbench.app.report.RepeatedCell;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.stats.Estimate;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The report's charts, rendered to PNG with XChart. */
public final class Charts {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 420;
    private static final double[] PERCENTILES = {50, 75, 90, 95, 99, 99.9, 99.99, 100};

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    /**
     * One rendered chart.
     *
     * @param caseName the case whose detail it draws (the page folds such charts under their case); null for a
     *                 chart over cases or of a sweep
     */
    public record Png(String name, String title, byte[] bytes, String caseName) {
        public Png(String name, String title, byte[] bytes) {
            this(name, title, bytes, null);
        }
    }

    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
        new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
        new Color(0xbcbd22), new Color(0x17becf), new Color(0x393b79), new Color(0xad494a), new Color(0x637939),
        new Color(0x8c6d31), new Color(0x7b4173), new Color(0x3182bd), new Color(0xe6550d), new Color(0x31a354),
        new Color(0x756bb1), new Color(0x636363)};

    /** The same colour for the same broker / client path in every chart of a report. */
    public record Palette(Map<String, Color> colors) {
        public static Palette of(java.util.Collection<String> names) {
            Map<String, Color> map = new LinkedHashMap<>();
            new java.util.TreeSet<>(names).forEach(n -> map.put(n, PALETTE[map.size() % PALETTE.length]));
            return new Palette(map);
        }

        public Color of(String name) {
            return colors.getOrDefault(name, Color.DARK_GRAY);
        }

        public Color of(BrokerPath series) {
            return of(series.toString());
        }

        /** This palette where {@code alias} has the colour of {@code name} (e.g. a p99 line of a series). */
        public Palette withAlias(String alias, String name) {
            Map<String, Color> map = new LinkedHashMap<>(colors);
            map.put(alias, of(name));
            return new Palette(map);
        }
    }

    public static Palette palette(List<RunResult> results, List<JmhScore> jmh) {
        Set<String> names = new LinkedHashSet<>();
        results.forEach(r -> names.add(series(r)));
        jmh.forEach(j -> names.add(j.series().toString()));
        return Palette.of(names);
    }

    static String series(RunResult r) {
        return r.cellId().brokerPath().toString();
    }

    /** The published figures: messages over time of the reported phase, per broker and client path. */
    public static Png progress(String caseName, String title, List<RunResult> results, Palette palette) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(caseName + ": " + title)
                .xAxisTitle("seconds").yAxisTitle("messages completed").build();
        style(chart);
        chart.getStyler().setMarkerSize(0);
        for (RunResult r : results) {
            PhaseResult p = r.reportedPhase();
            double[] seconds = p.series().seconds();
            if (seconds.length < 2) {
                continue;
            }
            double[] messages = new double[seconds.length];
            for (int i = 0; i < seconds.length; i++) {
                messages[i] = (double) i * p.series().step();
            }
            XYSeries s = chart.addSeries(series(r), seconds, messages);
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(palette.of(series(r)));
        }
        return png("progress-" + caseName, caseName + " progress over time", chart, caseName);
    }

    /**
     * Overall msg/s per case (log scale), one bar per broker and client path: the geometric mean of its repeats, the
     * verdict's headline (its intervals are drawn per case by {@link VerdictCharts}: XChart draws error bars
     * symmetric, and wrongly on a log axis).
     */
    public static Png overall(List<RepeatedCell> cells, Palette palette) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title("Overall rate per case: " + Estimate.NAME + " of the repeats").xAxisTitle("case")
                .yAxisTitle("msg/s (log)").build();
        style(chart);
        chart.getStyler().setYAxisLogarithmic(true).setYAxisMin(1.0);
        linearLabelsOff(chart);
        List<String> cases = cases(cells);
        bySeries(cells).forEach((series, own) -> chart.addSeries(series, cases, cases.stream()
                .map(c -> estimate(own, c).filter(e -> e.defined()).map(e -> Math.max(1, e.center())).orElse(1.0)).toList())
                .setFillColor(palette.of(series)));
        return png("overall", "overall msg/s per case, " + Estimate.NAME + " of the repeats", chart);
    }

    private static List<String> cases(List<RepeatedCell> cells) {
        return cells.stream().map(c -> c.first().workload().name()).distinct().sorted().toList();
    }

    private static Map<String, List<RepeatedCell>> bySeries(List<RepeatedCell> cells) {
        Map<String, List<RepeatedCell>> map = new LinkedHashMap<>();
        cells.forEach(c -> map.computeIfAbsent(c.series().toString(), k -> new ArrayList<>()).add(c));
        return map;
    }

    private static java.util.Optional<dev.brokerbench.core.stats.Estimate> estimate(List<RepeatedCell> own,
                                                                                     String caseName) {
        return own.stream().filter(c -> c.first().workload().name().equals(caseName)).findFirst()
                .map(RepeatedCell::overall);
    }

    /**
     * Min / mean / max over rate windows (>= 1000 completions and >= the minimum duration) next to the overall rate
     * for one case: a group of bars per figure, a bar per broker and client path in its colour, named in the legend
     * (as categories, the paths' names ran into each other under the bars).
     */
    public static Png windows(String caseName, String title, List<RunResult> results, Palette palette) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(caseName + ": " + title + " — rate windows of the median repeat (>= "
                        + RateWindow.DEFAULT_COMPLETIONS + " msgs, >= min duration)")
                .yAxisTitle("msg/s")
                .build();
        style(chart);
        List<String> figures = List.of("window min", "window mean", "window max", "overall");
        for (RunResult r : results) { // a phase too short for windows shows its overall rate alone, and says so
            var rate = r.reportedPhase().rate();
            double shown = rate.showsSteadiness() ? 1 : 0;
            chart.addSeries(series(r) + (rate.showsSteadiness() ? "" : " (too short to show steadiness)"), figures,
                    List.of(shown * rate.windowMin(), shown * rate.windowMean(), shown * rate.windowMax(),
                            rate.overall())).setFillColor(palette.of(series(r)));
        }
        return png("windows-" + caseName, caseName + " window rates", chart, caseName);
    }

    /**
     * Latency percentiles of one case's reported phase (log-log), per broker and client path: {@code metric} says
     * which latency, {@code of} reads it from the phase.
     */
    public static Png latency(String caseName, String title, List<RunResult> results, Palette palette,
                              LatencyMetric metric, Function<PhaseResult, LatencySummary> of) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(caseName + ": " + title + " — " + metric.description())
                .xAxisTitle("percentile: 1/(1-p), so 10 = p90, 100 = p99, 1000 = p99.9")
                .yAxisTitle("latency µs (log)").build();
        style(chart);
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true);
        linearLabelsOff(chart);
        double yMin = Double.MAX_VALUE;
        double yMax = 0;
        for (RunResult r : results) {
            LatencySummary latency = of.apply(r.reportedPhase());
            if (latency == null) {
                continue;
            }
            Histogram h = latency.decode();
            double[] x = new double[PERCENTILES.length];
            double[] y = new double[PERCENTILES.length];
            for (int i = 0; i < PERCENTILES.length; i++) {
                double p = Math.min(PERCENTILES[i], 99.999);
                x[i] = 1 / (1 - p / 100);
                y[i] = Math.max(1, h.getValueAtPercentile(PERCENTILES[i]) / 1000.0);
                yMin = Math.min(yMin, y[i]);
                yMax = Math.max(yMax, y[i]);
            }
            XYSeries s = chart.addSeries(series(r), x, y);
            s.setLineColor(palette.of(series(r)));
            s.setMarkerColor(palette.of(series(r)));
        }
        yDecades(chart, yMin, yMax);
        return png("latency-" + caseName, caseName + " latency percentiles", chart, caseName);
    }

    /** JMH scores in msg/s with their 99.9 % error, one bar per broker and client path per benchmark. */
    public static Png jmh(List<JmhScore> scores, Palette palette) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title("JMH: msg/s with 99.9% error").yAxisTitle("msg/s (log)").build();
        style(chart);
        chart.getStyler().setYAxisLogarithmic(true).setYAxisMin(1.0);
        linearLabelsOff(chart);
        List<String> benches = scores.stream().map(s -> s.benchmark() + " " + (s.payloadBytes() / 1024) + "KB")
                .distinct().toList();
        Set<String> targets = new LinkedHashSet<>();
        scores.forEach(s -> targets.add(s.series().toString()));
        for (String target : targets) {
            List<Double> values = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (String bench : benches) {
                JmhScore s = scores.stream().filter(j -> j.series().toString().equals(target)
                        && (j.benchmark() + " " + (j.payloadBytes() / 1024) + "KB").equals(bench)).findFirst()
                        .orElse(null);
                values.add(s == null ? 1.0 : Math.max(1, s.msgPerSec()));
                errors.add(s == null ? 0.0 : Math.min(s.errorMsgPerSec(), Math.max(0, s.msgPerSec() - 1)));
            }
            chart.addSeries(target, benches, values, errors).setFillColor(palette.of(target));
        }
        return png("jmh", "JMH scores", chart);
    }

    /** 390000 as "390k", 1500000 as "1.5M", 4000 as "4k", 0.25 as "0.25": tick labels read at a glance. */
    static String humanNumber(double v) {
        double a = Math.abs(v);
        if (a >= 1e9) {
            return trim(v / 1e9) + "G";
        }
        if (a >= 1e6) {
            return trim(v / 1e6) + "M";
        }
        if (a >= 1e3) {
            return trim(v / 1e3) + "k";
        }
        if (a >= 1 || a == 0) {
            return String.format(java.util.Locale.ROOT, "%,.0f", v);
        }
        return trim(v);
    }

    private static String trim(double v) {
        String s = String.format(java.util.Locale.ROOT, "%.2f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    /**
     * A log axis from the decade below {@code min} to the decade above {@code max}: XChart labels a log axis only at
     * powers of ten, so data inside one decade would otherwise get no tick label at all.
     */
    static void yDecades(Chart<?, ?> chart, double min, double max) {
        if (!(min > 0) || !(max > 0)) {
            return;
        }
        var styler = (org.knowm.xchart.style.AxesChartStyler) chart.getStyler();
        styler.setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
        styler.setYAxisMax(Math.pow(10, Math.ceil(Math.log10(max * 1.0001))));
    }

    /** Log axes: decade ticks with plain numbers (1, 10, 100, 1,000) instead of the linear "390k" labels. */
    static void linearLabelsOff(Chart<?, ?> chart) {
        var styler = (org.knowm.xchart.style.AxesChartStyler) chart.getStyler();
        styler.setyAxisTickLabelsFormattingFunction(null);
        styler.setxAxisTickLabelsFormattingFunction(null);
    }

    static void style(Chart<?, ?> chart) {
        Styler s = chart.getStyler();
        if (s instanceof org.knowm.xchart.style.AxesChartStyler axes) {
            // XChart would print 3.9E5; a log axis keeps its decade ticks only with a pattern (a formatting
            // function turns its tick calculation linear), so: pattern there, "390k" on linear axes
            axes.setYAxisDecimalPattern("#,##0.###");
            axes.setXAxisDecimalPattern("#,##0.###");
            axes.setyAxisTickLabelsFormattingFunction(Charts::humanNumber);
        }
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(new Color(250, 250, 252));
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        s.setAntiAlias(true);
    }

    static Png png(String name, String title, Chart<?, ?> chart) {
        return png(name, title, chart, null);
    }

    static Png png(String name, String title, Chart<?, ?> chart, String caseName) {
        try {
            return new Png(name, title, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG), caseName);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render chart " + name, e);
        }
    }
}
