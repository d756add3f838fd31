package dev.brokerbench.core.broker.gc;

import java.time.Instant;

/**
 * One stop-the-world pause of a broker's JVM, as its GC log recorded it.
 *
 * @param at          when the pause began (the log line's wall-clock decoration)
 * @param millis      how long the application threads stood still
 * @param full        a full collection (the whole heap, the sign of a heap that young collections cannot relieve)
 * @param heapAfterKb the heap in use after the pause; -1 where the log line gave none
 * @param heapSizeKb  the heap's committed size after the pause; -1 where the log line gave none
 */
public record GcPause(Instant at, double millis, boolean full, long heapAfterKb, long heapSizeKb) {
}
