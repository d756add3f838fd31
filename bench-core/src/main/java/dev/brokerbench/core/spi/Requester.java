package dev.brokerbench.core.spi;

/**
 * One client of a request/reply or one-way workload: its own connection, a reply address private to it, used by
 * one thread (replies may be received on a library thread and queued for {@link #poll}).
 */
public interface Requester extends AutoCloseable {
    /** Sends {@code payload} as a request carrying {@code correlationId} and this requester's reply address. */
    void request(long correlationId, byte[] payload) throws Exception;

    /** The next reply, waiting up to {@code timeoutMillis}; null if none arrived. */
    Reply poll(long timeoutMillis) throws Exception;

    /**
     * Sends {@code payload} one way: no reply address, but {@code correlationId} carried the way {@link #request}
     * carries it, so that the server sessions report which message arrived ({@link ServerReceipt}).
     */
    void cast(long correlationId, byte[] payload) throws Exception;

    @Override
    void close() throws Exception;
}
