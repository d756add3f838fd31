package dev.brokerbench.app.report.charts;

import dev.brokerbench.app.report.ComparisonTable;
import dev.brokerbench.app.report.RepeatedCell;
import dev.brokerbench.core.result.BrokerPath;
import dev.brokerbench.core.stats.Comparison;
import dev.brokerbench.core.stats.Estimate;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * The verdict of one case as a small chart, one of a grid (small multiples): a row per broker / client path, fastest
 * first, its geometric mean as a dot and its 95 % interval as a line, on a linear axis as a share of the case's
 * fastest geometric mean (1 = the fastest); at the right the geometric mean in msg/s and the ranking in a word.
 *
 * <p>Drawn with Java2D rather than XChart: the interval is asymmetric around the geometric mean (it is symmetric on
 * the logarithms), and XChart's error bars are symmetric (and drawn wrongly on a log axis); the paths' names sit on
 * the rows, where they cannot run into each other. Rendered at twice its size, for sharp text when the page scales
 * it.
 */
public final class VerdictCharts {
    /** Size on the page, in CSS pixels. */
    public static final int WIDTH = 400;
    private static final int SCALE = 2;
    private static final int TITLE_H = 26;
    private static final int AXIS_H = 34;
    private static final int ROW_H = 34;
    /** From this many paths on, the rows get narrower, down to {@link #MIN_ROW_H}, so that the chart stays small. */
    private static final int ROWS_AT_FULL_HEIGHT = 5;
    private static final int MIN_ROW_H = 28;
    /** Interval ends beyond this share of the fastest are cut, with an arrow. */
    private static final double MAX_SHARE = 2.0;
    private static final Color INK = new Color(0x1d2430);
    private static final Color MUTED = new Color(0x5b6577);
    private static final Color GRID = new Color(0xe3e7ee);
    private static final Color BAND = new Color(0xf4f6f9);
    private static final Color GOOD = new Color(0x17643a);
    private static final Color BAD = new Color(0xa4161a);
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 12);
    private static final Font NAME = new Font(Font.SANS_SERIF, Font.BOLD, 11);
    private static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 10);

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private VerdictCharts() {
    }

    private static final String PREFIX = "verdict-";

    /** The chart's name (its file is {@code charts/<name>.png}). */
    public static String name(String caseName) {
        return PREFIX + caseName;
    }

    /** The case a verdict chart's {@linkplain #name(String) name} names. */
    public static String caseOf(String name) {
        return name.substring(PREFIX.length());
    }

    public static boolean isVerdict(Charts.Png png) {
        return png.name().startsWith(PREFIX);
    }

    /** One chart per case of {@link ComparisonTable#byCase}, in its order. */
    public static List<Charts.Png> of(Map<String, List<RepeatedCell>> byCase, Charts.Palette palette) {
        List<Charts.Png> charts = new ArrayList<>();
        byCase.forEach((name, ranked) -> charts.add(of(name, ranked.get(0).first().workload().title(), ranked,
                palette)));
        return charts;
    }

    /** The case's verdict: {@code ranked} fastest first, as {@link ComparisonTable#byCase} orders them. */
    public static Charts.Png of(String caseName, String title, List<RepeatedCell> ranked, Charts.Palette palette) {
        int n = ranked.size();
        int rowH = n <= ROWS_AT_FULL_HEIGHT ? ROW_H : Math.max(MIN_ROW_H, ROW_H * ROWS_AT_FULL_HEIGHT / n);
        int height = TITLE_H + AXIS_H + rowH * Math.max(1, n);
        BufferedImage image = new BufferedImage(WIDTH * SCALE, height * SCALE, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.scale(SCALE, SCALE);
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            draw(g, caseName + " · " + title, ranked, palette, rowH);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render chart " + name(caseName), e);
        }
        return new Charts.Png(name(caseName), caseName + ": " + Estimate.NAME + " and " + Estimate.INTERVAL
                + " per broker / client path, as a share of the fastest", bytes.toByteArray());
    }

    /** A row: a broker / client path, its estimate and its ranking in a word. */
    private record Row(String broker, String path, Color color, Estimate estimate, String word, Color wordColor,
                       String status) {
    }

    private static void draw(Graphics2D g, String title, List<RepeatedCell> ranked, Charts.Palette palette,
                             int rowH) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            RepeatedCell c = ranked.get(i);
            BrokerPath series = c.series();
            rows.add(new Row(series.broker(), series.path(), palette.of(series), c.overall(), word(ranked, i),
                    wordColor(ranked, i), c.status().ok() ? null : c.status().toString()));
        }
        double top = ranked.stream().map(RepeatedCell::overall).filter(Estimate::defined).mapToDouble(Estimate::center)
                .max().orElse(Double.NaN);
        double reach = 1;
        for (Row r : rows) {
            if (r.estimate().hasInterval() && top > 0) {
                reach = Math.max(reach, r.estimate().high() / top);
            }
        }
        double xMax = reach <= 1.0001 ? 1 : reach <= 1.25 ? 1.25 : reach <= 1.5 ? 1.5 : MAX_SHARE;
        double step = xMax > 1.25 ? 0.5 : 0.25;

        // the title, and over the figures on the right their unit
        g.setFont(SMALL);
        g.setColor(MUTED);
        int unitW = width(g, SMALL, "msg/s");
        g.drawString("msg/s", WIDTH - 8 - unitW, 17);
        g.setFont(TITLE);
        g.setColor(INK);
        g.drawString(fit(g, title, WIDTH - 16 - unitW - 8), 8, 17);

        // the paths' names on the left, the figures on the right, the rows between
        int labelW = 0;
        int gutterW = 0;
        for (Row r : rows) {
            labelW = Math.max(labelW, Math.max(width(g, NAME, r.broker()), width(g, SMALL, r.path())));
            gutterW = Math.max(gutterW, Math.max(width(g, NAME, value(r)), width(g, SMALL, tag(r))));
        }
        labelW = Math.min(150, labelW) + 14;
        gutterW = Math.min(90, gutterW);
        int plotL = 8 + labelW + 8;
        int plotR = WIDTH - 8 - gutterW - 12;
        int plotT = TITLE_H;
        int plotB = plotT + rowH * rows.size();
        double xScale = (plotR - plotL) / xMax;

        for (int i = 0; i < rows.size(); i++) {
            if (i % 2 == 1) {
                g.setColor(BAND);
                g.fillRect(8, plotT + i * rowH, WIDTH - 16, rowH);
            }
        }
        g.setFont(SMALL);
        g.setStroke(new BasicStroke(1f));
        for (double x = 0; x <= xMax + 1e-9; x += step) {
            int px = (int) Math.round(plotL + x * xScale);
            g.setColor(GRID);
            g.drawLine(px, plotT, px, plotB);
            g.setColor(MUTED);
            String label = tick(x);
            g.drawString(label, px - width(g, SMALL, label) / 2f, plotB + 13);
        }
        String axis = "share of the fastest's " + Estimate.NAME + "; line: 95 % interval";
        g.drawString(fit(g, axis, WIDTH - 16), 8 + Math.max(0, (WIDTH - 16 - width(g, SMALL, axis)) / 2f),
                plotB + 28);
        // the fastest
        g.setColor(new Color(0x9aa3b2));
        g.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {3f, 3f}, 0));
        g.draw(new Line2D.Double(plotL + xScale, plotT, plotL + xScale, plotB));

        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            double y = plotT + i * rowH + rowH / 2.0;
            g.setColor(r.color());
            g.fillRect(8, (int) Math.round(y - 9), 8, 8);
            g.setColor(INK);
            g.setFont(NAME);
            g.drawString(fit(g, r.broker(), labelW - 14), 8 + 13, (float) (y - 1));
            g.setColor(MUTED);
            g.setFont(SMALL);
            g.drawString(fit(g, r.path(), labelW - 14), 8 + 13, (float) (y + 11));

            Estimate e = r.estimate();
            if (e.defined() && top > 0) {
                double center = e.center() / top;
                if (e.hasInterval()) {
                    double low = e.low() / top;
                    double high = e.high() / top;
                    double x1 = plotL + low * xScale;
                    double x2 = plotL + Math.min(high, xMax) * xScale;
                    g.setColor(r.color());
                    g.setStroke(new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
                    g.draw(new Line2D.Double(x1, y, x2, y));
                    g.setStroke(new BasicStroke(1.5f));
                    g.draw(new Line2D.Double(x1, y - 5, x1, y + 5));
                    if (high > xMax) { // cut: an arrow says it goes on
                        Path2D arrow = new Path2D.Double();
                        arrow.moveTo(x2 + 6, y);
                        arrow.lineTo(x2, y - 4.5);
                        arrow.lineTo(x2, y + 4.5);
                        arrow.closePath();
                        g.fill(arrow);
                    } else {
                        g.draw(new Line2D.Double(x2, y - 5, x2, y + 5));
                    }
                }
                Ellipse2D dot = new Ellipse2D.Double(plotL + center * xScale - 5, y - 5, 10, 10);
                g.setColor(r.color());
                g.fill(dot);
                g.setColor(Color.WHITE);
                g.setStroke(new BasicStroke(1.5f));
                g.draw(dot);
            } else {
                g.setColor(BAD);
                g.setFont(SMALL);
                g.drawString("no rate: a repeat measured none", plotL + 4, (float) (y + 4));
            }
            g.setFont(NAME);
            g.setColor(r.status() == null ? INK : BAD);
            String value = value(r);
            g.drawString(value, WIDTH - 8 - width(g, NAME, value), (float) (y - 1));
            g.setFont(SMALL);
            g.setColor(r.status() == null ? r.wordColor() : BAD);
            String tag = tag(r);
            g.drawString(tag, WIDTH - 8 - width(g, SMALL, tag), (float) (y + 11));
        }
    }

    /** The ranking of {@code ranked.get(i)} in a word, as {@link ComparisonTable#ranking} says it in a sentence. */
    static String word(List<RepeatedCell> ranked, int i) {
        if (ranked.size() < 2) {
            return "";
        }
        if (!ranked.get(i).overall().defined()) {
            return "not ranked";
        }
        Comparison c = ComparisonTable.comparison(ranked, i);
        return switch (c.verdict()) {
            case HIGHER -> i == 0 ? "fastest" : "faster";
            case LOWER -> "slower";
            case NOT_SHOWN -> "no diff. shown";
            case NO_TEST -> "not tested";
        };
    }

    private static Color wordColor(List<RepeatedCell> ranked, int i) {
        String word = word(ranked, i);
        return word.equals("fastest") ? GOOD : word.equals("slower") || word.equals("faster") ? INK : MUTED;
    }

    private static String value(Row r) {
        return r.estimate().defined() ? threeDigits(r.estimate().center()) : "-";
    }

    /** 5786 as "5.79k", 122045 as "122k", 649 as "649": three significant digits. */
    static String threeDigits(double v) {
        String unit = v >= 1e9 ? "G" : v >= 1e6 ? "M" : v >= 1e3 ? "k" : "";
        double x = v >= 1e9 ? v / 1e9 : v >= 1e6 ? v / 1e6 : v >= 1e3 ? v / 1e3 : v;
        int decimals = x >= 100 ? 0 : x >= 10 ? 1 : 2;
        if (unit.isEmpty()) {
            decimals = x >= 10 ? 0 : 1;
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", x) + unit;
    }

    private static String tag(Row r) {
        return r.status() == null ? r.word() : r.status() + (r.word().isEmpty() ? "" : " · " + r.word());
    }

    private static String tick(double x) {
        String s = String.format(Locale.ROOT, "%.2f", x).replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static int width(Graphics2D g, Font font, String text) {
        return g.getFontMetrics(font).stringWidth(text);
    }

    /** {@code text}, cut with an ellipsis to fit {@code max} pixels in the current font. */
    private static String fit(Graphics2D g, String text, int max) {
        FontMetrics m = g.getFontMetrics();
        if (m.stringWidth(text) <= max) {
            return text;
        }
        String cut = text;
        while (!cut.isEmpty() && m.stringWidth(cut + "…") > max) {
            cut = cut.substring(0, cut.length() - 1);
        }
        return cut.strip() + "…";
    }
}
