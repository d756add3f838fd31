package dev.brokerbench.core.spi;

/** One client's sending session. Used by one thread; only confirmations arrive on other threads. */
public interface Publisher extends AutoCloseable {
    /** Sends and returns only once the broker has confirmed the message. */
    void send(Stamp stamp, byte[] payload) throws Exception;

    /**
     * Sends without waiting; the driver calls {@code confirmation} exactly once when the broker confirms or the send
     * fails. The caller bounds the number of outstanding sends (the publish window).
     */
    void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception;

    @Override
    void close() throws Exception;
}
