package dev.brokerbench.core.run;

import java.util.function.LongSupplier;

/** Told when a phase starts and ends, e.g. to draw a progress bar. Calls come from the runner's thread. */
public interface ProgressListener {
    ProgressListener NONE = new ProgressListener() {
    };

    /** @param done completions so far; cheap to poll from another thread */
    default void phaseStarted(String label, long total, LongSupplier done) {
    }

    /**
     * The phase that started last records {@code metric}; {@code soFar} is every latency of it recorded up to the
     * last closed interval (at most a second old), safe to call from another thread.
     */
    default void latencyOf(dev.brokerbench.core.result.LatencyMetric metric,
                           java.util.function.Supplier<org.HdrHistogram.Histogram> soFar) {
    }

    default void phaseEnded() {
    }
}
