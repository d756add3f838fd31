package dev.brokerbench.core.metrics;

import dev.brokerbench.core.result.LatencyLog;
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

    /** @param clients one recorder each */
    public LatencyRecorder(int clients) {
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
        recorders[client].recordValue(Math.min(Math.max(nanos, 0), MAX_NANOS));
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
