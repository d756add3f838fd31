package dev.brokerbench.core.metrics;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Latencies of one phase in nanoseconds, 3 significant digits, up to one hour; wait-free for any number of
 * recording threads (a confirmation may arrive on a library thread).
 */
public final class LatencyRecorder {
    static final long MAX_NANOS = TimeUnit.HOURS.toNanos(1);
    private final Recorder recorder = new Recorder(MAX_NANOS, 3);

    public void record(long nanos) {
        recorder.recordValue(Math.min(Math.max(nanos, 0), MAX_NANOS));
    }

    /** Everything recorded so far (call once, at the end of the phase). */
    public Histogram histogram() {
        return recorder.getIntervalHistogram();
    }
}
