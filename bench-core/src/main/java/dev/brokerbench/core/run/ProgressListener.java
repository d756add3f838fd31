package dev.brokerbench.core.run;

import java.util.function.LongSupplier;

/** Told when a phase starts and ends, e.g. to draw a progress bar. Calls come from the runner's thread. */
public interface ProgressListener {
    ProgressListener NONE = new ProgressListener() {
    };

    /** @param done completions so far; cheap to poll from another thread */
    default void phaseStarted(String label, long total, LongSupplier done) {
    }

    default void phaseEnded() {
    }
}
