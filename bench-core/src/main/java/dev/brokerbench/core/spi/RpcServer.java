package dev.brokerbench.core.spi;

/** Running server sessions answering requests; {@link #close()} stops them. */
public interface RpcServer extends AutoCloseable {
    /**
     * Requests and one-way messages received by all sessions since the server started (for a broker-less baseline,
     * since its process started: the phase takes differences).
     */
    long received() throws Exception;

    @Override
    void close() throws Exception;
}
