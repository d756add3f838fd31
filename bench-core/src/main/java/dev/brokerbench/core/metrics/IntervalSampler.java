package dev.brokerbench.core.metrics;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Closes an interval of each {@link LatencyRecorder} every {@link #INTERVAL} while a phase runs, on one daemon thread
 * of its own: the clients' recorders swap their histograms (the clients never wait), and the merged interval is
 * compressed for the log, off the clients' threads.
 */
public final class IntervalSampler implements AutoCloseable {
    /** The length of an interval in the histogram logs. */
    public static final Duration INTERVAL = Duration.ofSeconds(1);
    private final ScheduledExecutorService timer;

    private IntervalSampler(List<LatencyRecorder> recorders) {
        if (recorders.isEmpty()) {
            timer = null;
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "brokerbench-interval-sampler");
            t.setDaemon(true);
            return t;
        });
        long millis = INTERVAL.toMillis();
        timer.scheduleAtFixedRate(() -> recorders.forEach(LatencyRecorder::sample), millis, millis,
                TimeUnit.MILLISECONDS);
    }

    /** Starts sampling {@code recorders} (none: a sampler that does nothing, for a phase that logs no latency). */
    public static IntervalSampler start(List<LatencyRecorder> recorders) {
        return new IntervalSampler(List.copyOf(recorders));
    }

    /** Stops sampling; the interval still open is closed by the recorder's {@link LatencyRecorder#histogram}. */
    @Override
    public void close() {
        if (timer == null) {
            return;
        }
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
