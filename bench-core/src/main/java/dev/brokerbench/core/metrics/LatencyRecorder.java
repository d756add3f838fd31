package dev.brokerbench.core.metrics;

import dev.brokerbench.core.model.SizeMix;
import dev.brokerbench.core.result.LatencyLog;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.SizeClasses;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Latencies of one phase in nanoseconds, 3 significant digits, up to one hour: one HdrHistogram {@link Recorder} per
 * client, so clients (and their libraries' callback threads) never share one. {@link #sample} (an
 * {@link IntervalSampler}, every second) closes an interval: what every client recorded since the last one, merged
 * and stamped with the interval's start and end, kept for the {@link #log} and added to the {@link #histogram total}.
 */
public final class LatencyRecorder {
    static final long MAX_NANOS = TimeUnit.HOURS.toNanos(1);
    private final Recorder[] recorders;
    private final Histogram total = new Histogram(MAX_NANOS, 3);
    private final Histogram interval = new Histogram(MAX_NANOS, 3);
    private final Histogram[] recycled;
    private final List<LatencyLog.Interval> intervals = new ArrayList<>();
    private long intervalStartMillis = System.currentTimeMillis();
    private final SizeClassRecorder bySize;

    /** @param clients one recorder each */
    public LatencyRecorder(int clients) {
        this(clients, null);
    }

    /**
     * @param clients one recorder each
     * @param sizes   bodies of several sizes: each latency recorded with its message's size is also kept by size
     *                class ({@link #bySize}); null for none
     */
    public LatencyRecorder(int clients, SizeMix sizes) {
        this.bySize = sizes == null ? null : new SizeClassRecorder(sizes);
        if (clients < 1) {
            throw new IllegalArgumentException("clients must be >= 1, got " + clients);
        }
        recorders = new Recorder[clients];
        recycled = new Histogram[clients];
        for (int i = 0; i < clients; i++) {
            recorders[i] = new Recorder(MAX_NANOS, 3);
        }
    }

    public void record(int client, long nanos) {
        recorders[client].recordValue(clamped(nanos));
    }

    /** Records the latency of a message of {@code bytes}, also in its size class where sizes are kept. */
    public void record(int client, long nanos, int bytes) {
        long value = clamped(nanos);
        recorders[client].recordValue(value);
        if (bySize != null) {
            bySize.record(bytes, value);
        }
    }

    /** A latency within what the histograms hold: 0 to {@link #MAX_NANOS}. */
    private static long clamped(long nanos) {
        return Math.min(Math.max(nanos, 0), MAX_NANOS);
    }

    /**
     * What was recorded by size class, as {@code metric}, or null without sizes or with nothing recorded (call once,
     * after the phase).
     */
    public SizeClasses bySize(LatencyMetric metric) {
        return bySize == null ? null : bySize.result(metric);
    }

    /** Closes the current interval (from the last sample, or the recorder's creation, to now). */
    public synchronized void sample() {
        long now = System.currentTimeMillis();
        interval.reset();
        for (int i = 0; i < recorders.length; i++) {
            recycled[i] = recorders[i].getIntervalHistogram(recycled[i]);
            interval.add(recycled[i]);
        }
        interval.setStartTimeStamp(intervalStartMillis);
        interval.setEndTimeStamp(now);
        intervalStartMillis = now;
        intervals.add(LatencyLog.Interval.of(interval));
        total.add(interval);
    }

    /** Everything recorded so far by every client, merged (closes the current interval). */
    public synchronized Histogram histogram() {
        sample();
        return total.copy();
    }

    /** Every latency of the intervals closed so far, merged (a copy; the open interval is not closed). */
    public synchronized Histogram soFar() {
        return total.copy();
    }

    /** The intervals closed so far, each as recorded in it. */
    public synchronized LatencyLog log() {
        return new LatencyLog(intervals);
    }
}
