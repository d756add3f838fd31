package dev.brokerbench.core.spi;

/** One client's receiving session, used by one thread. */
public interface Consumer extends AutoCloseable {
    /** Waits up to {@code timeoutMillis} for one message; hands it to {@code sink} and returns true, or false. */
    boolean receive(long timeoutMillis, Delivery sink) throws Exception;

    /** Acknowledges (or commits) everything received so far; a no-op for AUTO and DUPS_OK. */
    void acknowledge() throws Exception;

    @Override
    void close() throws Exception;
}
