package dev.brokerbench.core.spi;

/**
 * One client's receiving session, used by one thread. It is created stopped: {@link Driver#consumer} opens the
 * connection and session but subscribes nothing, so the broker can push no message to it (no prefetch) before
 * {@link #start()}. The phase clock starts before {@code start()}, so every delivery falls inside the measured time.
 */
public interface Consumer extends AutoCloseable {
    /** Subscribes and begins delivery (e.g. creates the JMS consumer and starts the connection; basic.consume). */
    void start() throws Exception;

    /** Waits up to {@code timeoutMillis} for one message; hands it to {@code sink} and returns true, or false. */
    boolean receive(long timeoutMillis, Delivery sink) throws Exception;

    /** Acknowledges (or commits) everything received so far; a no-op for AUTO and DUPS_OK. */
    void acknowledge() throws Exception;

    @Override
    void close() throws Exception;
}
