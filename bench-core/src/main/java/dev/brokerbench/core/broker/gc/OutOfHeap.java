package dev.brokerbench.core.broker.gc;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A JVM broker out of heap, read from its GC log: G1 collects the whole heap only when its young and mixed
 * collections could not make room, so several full collections, one of which left the heap nearly full, are a heap
 * the broker cannot work in (Apollo in 256 MB, giving back its backlog: 8 full collections in 3 s, the fullest left
 * 246 of 256 MB, then {@code java.lang.OutOfMemoryError}). Healthy brokers at the suite's depths made none.
 */
public final class OutOfHeap {
    /** How many full collections make a pattern rather than one bad moment. */
    static final int FULL_COLLECTIONS = 3;
    /** The share of the heap in use after the fullest of them. */
    static final double FULL_SHARE = 0.9;

    private OutOfHeap() {
    }

    /** What the log says of the heap since {@code from}: empty unless it shows the broker out of heap. */
    public static Optional<String> since(List<GcPause> log, Instant from) {
        List<GcPause> full = log.stream().filter(p -> p.full() && !p.at().isBefore(from) && p.heapSizeKb() > 0)
                .toList();
        if (full.size() < FULL_COLLECTIONS) {
            return Optional.empty();
        }
        GcPause fullest = full.stream().max(java.util.Comparator.comparingDouble(OutOfHeap::share)).orElseThrow();
        if (share(fullest) < FULL_SHARE) {
            return Optional.empty();
        }
        return Optional.of("ran out of heap: its GC log shows " + full.size() + " full collections, the fullest left "
                + fullest.heapAfterKb() / 1024 + " of " + fullest.heapSizeKb() / 1024 + " MB in use");
    }

    private static double share(GcPause pause) {
        return (double) pause.heapAfterKb() / pause.heapSizeKb();
    }
}
