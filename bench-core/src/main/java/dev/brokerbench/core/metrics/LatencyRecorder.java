package dev.brokerbench.core.metrics;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Latencies of one phase in nanoseconds, 3 significant digits, up to one hour: one HdrHistogram {@link Recorder} per
 * client, so clients (and their libraries' callback threads) never share one; merged once at the end.
 */
public final class LatencyRecorder {
    static final long MAX_NANOS = TimeUnit.HOURS.toNanos(1);
    private final Recorder[] recorders;

    /** @param clients one recorder each */
    public LatencyRecorder(int clients) {
        if (clients < 1) {
            throw new IllegalArgumentException("clients must be >= 1, got " + clients);
        }
        recorders = new Recorder[clients];
        for (int i = 0; i < clients; i++) {
            recorders[i] = new Recorder(MAX_NANOS, 3);
        }
    }

    public void record(int client, long nanos) {
        recorders[client].recordValue(Math.min(Math.max(nanos, 0), MAX_NANOS));
    }

    /** Everything recorded so far by every client, merged (call once, at the end of the phase). */
    public Histogram histogram() {
        Histogram all = new Histogram(MAX_NANOS, 3);
        for (Recorder r : recorders) {
            all.add(r.getIntervalHistogram());
        }
        return all;
    }
}
