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

    /**
     * Sends without asking the broker for a confirmation ({@link Capability#UNCONFIRMED_PUBLISH}), on a publisher
     * opened for {@link dev.brokerbench.core.model.PublishMode#UNCONFIRMED}; returns once the client library has taken
     * the message.
     */
    default void sendUnconfirmed(Stamp stamp, byte[] payload) throws Exception {
        throw new UnsupportedOperationException("this client path has no unconfirmed send");
    }

    @Override
    void close() throws Exception;
}
