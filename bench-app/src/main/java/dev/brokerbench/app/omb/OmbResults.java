package dev.brokerbench.app.omb;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.TimeSeries;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The cells of a run in OpenMessaging Benchmark's result format ({@link OmbResult}), made from the stored results and
 * the interval logs beside them: the live cells (publishers and consumers at once: what OMB measures), one file per
 * cell. A 10 s window holds the completions and the latency intervals (1 s each) that began in it; the last window
 * may be shorter, and its rates are over its own length.
 */
public final class OmbResults {
    /** OMB's reporting interval. */
    static final int WINDOW_SECONDS = 10;
    /** The quantiles OMB's result files list, in percent. */
    static final double[] QUANTILES = {50, 75, 90, 95, 99, 99.9, 99.99, 99.999, 100};

    private OmbResults() {
    }

    /** Writes each live cell of {@code store} into {@code out} as {@code <broker>__<path>__<case>.json}. */
    public static List<Path> write(ResultStore store, Path out) {
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(out);
            for (RunResult r : store.readAll()) {
                if (!r.workload().live() || r.phases() == null || r.phases().size() < 2) {
                    continue; // OMB measures publishers and consumers at once: a live cell, measured
                }
                Path file = ResultStore.inside(out, store.histogram(r, r.reportedPhase(), LatencyMetric.END_TO_END)
                        .getFileName().toString().replaceFirst("__[^_]+__end-to-end\\.hlog$", ".json"));
                dev.brokerbench.core.io.AtomicFiles.write(file, dev.brokerbench.core.result.Json.mapper()
                        .writerWithDefaultPrettyPrinter().writeValueAsString(of(r, store)));
                written.add(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write OMB results to " + out + ": " + e.getMessage(), e);
        }
        return written;
    }

    /** One live cell as OMB reports a test. */
    static OmbResult of(RunResult r, ResultStore store) throws IOException {
        PhaseResult publishers = r.phases().stream().filter(p -> p.action() == Action.PUBLISH).findFirst()
                .orElseThrow();
        PhaseResult consumers = r.reportedPhase();
        int subscriptions = r.workload().fanOut() ? r.workload().consumers() : 1;
        // several queues are OMB's topics of one subscription each, their producers and consumers per topic
        int topics = r.workload().destinations() == null ? 1 : r.workload().destinations().queues();
        double seconds = Math.max(publishers.activeSeconds(), consumers.activeSeconds());
        int windows = Math.max(1, (int) Math.ceil(seconds / WINDOW_SECONDS));
        List<Double> publishRate = rates(publishers, windows);
        List<Double> consumeRate = rates(consumers, windows);
        List<Long> backlog = new ArrayList<>();
        for (int w = 1; w <= windows; w++) {
            double t = Math.min(w * WINDOW_SECONDS, seconds);
            backlog.add(Math.max(0, subscriptions * completedBy(publishers, t) - completedBy(consumers, t)));
        }
        List<Histogram> publish = windows(store.histogram(r, publishers, LatencyMetric.CONFIRM), windows);
        List<Histogram> delay = windows(store.histogram(r, publishers, LatencyMetric.SEND_DELAY), windows);
        List<Histogram> endToEnd = windows(store.histogram(r, consumers, LatencyMetric.END_TO_END), windows);
        Histogram publishAll = total(publish);
        Histogram delayAll = total(delay);
        Histogram endToEndAll = total(endToEnd);
        List<Double> zeros = new ArrayList<>(java.util.Collections.nCopies(windows, 0.0));
        return new OmbResult(r.workload().title(), "brokerbench " + r.broker().brokerId() + "/"
                + r.client().clientPath(), r.workload().payloadBytes(), topics,
                r.broker().brokerId().startsWith("kafka") ? OmbWorkload.PARTITIONS : 1,
                Math.max(1, r.workload().clients() / topics), r.workload().consumers() / topics, publishRate, zeros, consumeRate, backlog,
                millis(publish, Histogram::getMean), millis(publish, h -> h.getValueAtPercentile(50)),
                millis(publish, h -> h.getValueAtPercentile(75)), millis(publish, h -> h.getValueAtPercentile(95)),
                millis(publish, h -> h.getValueAtPercentile(99)), millis(publish, h -> h.getValueAtPercentile(99.9)),
                millis(publish, h -> h.getValueAtPercentile(99.99)),
                millis(publish, h -> h.getValueAtPercentile(99.999)), millis(publish, h -> h.getMaxValue()),
                micros(delay, Histogram::getMean).stream().map(Long::doubleValue).toList(),
                micros(delay, h -> h.getValueAtPercentile(50)), micros(delay, h -> h.getValueAtPercentile(75)),
                micros(delay, h -> h.getValueAtPercentile(95)), micros(delay, h -> h.getValueAtPercentile(99)),
                micros(delay, h -> h.getValueAtPercentile(99.9)), micros(delay, h -> h.getValueAtPercentile(99.99)),
                micros(delay, h -> h.getValueAtPercentile(99.999)), micros(delay, h -> h.getMaxValue()),
                ms(publishAll.getMean()), ms(publishAll.getValueAtPercentile(50)),
                ms(publishAll.getValueAtPercentile(75)), ms(publishAll.getValueAtPercentile(95)),
                ms(publishAll.getValueAtPercentile(99)), ms(publishAll.getValueAtPercentile(99.9)),
                ms(publishAll.getValueAtPercentile(99.99)), ms(publishAll.getValueAtPercentile(99.999)),
                ms(publishAll.getMaxValue()),
                us(delayAll.getMean()) * 1.0, us(delayAll.getValueAtPercentile(50)),
                us(delayAll.getValueAtPercentile(75)), us(delayAll.getValueAtPercentile(95)),
                us(delayAll.getValueAtPercentile(99)), us(delayAll.getValueAtPercentile(99.9)),
                us(delayAll.getValueAtPercentile(99.99)), us(delayAll.getValueAtPercentile(99.999)),
                us(delayAll.getMaxValue()),
                quantilesMillis(publishAll), quantilesMicros(delayAll),
                millis(endToEnd, Histogram::getMean), millis(endToEnd, h -> h.getValueAtPercentile(50)),
                millis(endToEnd, h -> h.getValueAtPercentile(75)), millis(endToEnd, h -> h.getValueAtPercentile(95)),
                millis(endToEnd, h -> h.getValueAtPercentile(99)),
                millis(endToEnd, h -> h.getValueAtPercentile(99.9)),
                millis(endToEnd, h -> h.getValueAtPercentile(99.99)),
                millis(endToEnd, h -> h.getValueAtPercentile(99.999)), millis(endToEnd, h -> h.getMaxValue()),
                quantilesMillis(endToEndAll),
                ms(endToEndAll.getMean()), ms(endToEndAll.getValueAtPercentile(50)),
                ms(endToEndAll.getValueAtPercentile(75)), ms(endToEndAll.getValueAtPercentile(95)),
                ms(endToEndAll.getValueAtPercentile(99)), ms(endToEndAll.getValueAtPercentile(99.9)),
                ms(endToEndAll.getValueAtPercentile(99.99)), ms(endToEndAll.getValueAtPercentile(99.999)),
                ms(endToEndAll.getMaxValue()));
    }

    /** Completions per second in each window, from the phase's progress curve. */
    static List<Double> rates(PhaseResult phase, int windows) {
        List<Double> rates = new ArrayList<>();
        for (int w = 0; w < windows; w++) {
            double from = w * WINDOW_SECONDS;
            double to = Math.min((w + 1) * WINDOW_SECONDS, Math.max(phase.activeSeconds(), from));
            rates.add(to <= from ? 0.0 : (completedBy(phase, to) - completedBy(phase, from)) / (to - from));
        }
        return rates;
    }

    /**
     * Completions by {@code seconds} after the phase's start: along its progress curve (a point every
     * {@code step} completions) and on to its last completion, interpolated between points.
     */
    static long completedBy(PhaseResult phase, double seconds) {
        TimeSeries series = phase.series();
        double[] s = series.seconds();
        if (seconds >= phase.activeSeconds() || s.length == 0) {
            return phase.completed();
        }
        int i = 0;
        while (i + 1 < s.length && s[i + 1] <= seconds) {
            i++;
        }
        double fromCount = (double) series.step() * i;
        double toCount = i + 1 < s.length ? fromCount + series.step() : phase.completed();
        double toSeconds = i + 1 < s.length ? s[i + 1] : phase.activeSeconds();
        if (toSeconds <= s[i]) {
            return Math.round(fromCount);
        }
        double share = Math.max(0, Math.min(1, (seconds - s[i]) / (toSeconds - s[i])));
        return Math.round(fromCount + (toCount - fromCount) * share);
    }

    /** The log's 1 s intervals merged into 10 s windows from its first interval's start; empty ones where none. */
    static List<Histogram> windows(Path log, int windows) throws IOException {
        List<Histogram> merged = new ArrayList<>();
        for (int i = 0; i < windows; i++) {
            merged.add(new Histogram(3));
        }
        if (!Files.exists(log)) {
            return merged; // e.g. no send delay: the case was not paced
        }
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        double first = Double.NaN;
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            double start = h.getStartTimeStamp() / 1000.0;
            first = Double.isNaN(first) ? start : first;
            int w = Math.min(windows - 1, (int) ((start - first) / WINDOW_SECONDS));
            merged.get(w).add((Histogram) h);
        }
        return merged;
    }

    private static Histogram total(List<Histogram> windows) {
        Histogram all = new Histogram(3);
        windows.forEach(all::add);
        return all;
    }

    private static List<Double> millis(List<Histogram> windows, ToDoubleFunction<Histogram> figure) {
        return windows.stream().map(h -> h.getTotalCount() == 0 ? 0.0 : ms(figure.applyAsDouble(h))).toList();
    }

    private static List<Long> micros(List<Histogram> windows, ToDoubleFunction<Histogram> figure) {
        return windows.stream().map(h -> h.getTotalCount() == 0 ? 0L : us(figure.applyAsDouble(h))).toList();
    }

    /** The whole run's quantiles in milliseconds, keyed by percent. */
    private static Map<Double, Double> quantilesMillis(Histogram h) {
        Map<Double, Double> q = new TreeMap<>();
        for (double p : QUANTILES) {
            q.put(p, h.getTotalCount() == 0 ? 0.0 : ms(h.getValueAtPercentile(p)));
        }
        return q;
    }

    /** The whole run's quantiles in microseconds, keyed by percent. */
    private static Map<Double, Long> quantilesMicros(Histogram h) {
        Map<Double, Long> q = new TreeMap<>();
        for (double p : QUANTILES) {
            q.put(p, h.getTotalCount() == 0 ? 0L : us(h.getValueAtPercentile(p)));
        }
        return q;
    }

    /** Nanoseconds to OMB's milliseconds. */
    private static double ms(double nanos) {
        return nanos / 1e6;
    }

    /** Nanoseconds to OMB's whole microseconds. */
    private static long us(double nanos) {
        return Math.round(nanos / 1e3);
    }
}
