package dev.brokerbench.core.spi;

/**
 * Where a path's server sessions report each request and one-way message they receive, as it arrives: the phase
 * accounts one-way messages by the correlation id each carries (their sequence numbers), and measures the one-way
 * rate where they arrive.
 */
@FunctionalInterface
public interface ServerReceipt {
    /**
     * One message arrived at a server session at {@code nanos} ({@link System#nanoTime()}), carrying
     * {@code correlationId}: {@link Reply#NO_CORRELATION} when it carried none, or none that reads as a number.
     * Called on any session's thread.
     */
    void received(long correlationId, long nanos);
}
