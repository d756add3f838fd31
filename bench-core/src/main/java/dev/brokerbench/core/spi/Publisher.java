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

    /**
     * Sends inside the session's local transaction ({@link Capability#TRANSACTIONS}), on a publisher opened for
     * {@link dev.brokerbench.core.model.PublishMode#TRANSACTED}: the message reaches the queue only when
     * {@link #commit()} returns, and never if {@link #rollback()} discards it.
     */
    default void sendTransacted(Stamp stamp, byte[] payload) throws Exception {
        throw new UnsupportedOperationException("this client path has no transactions");
    }

    /** Commits the messages sent since the last commit or rollback; returns once the broker has them. */
    default void commit() throws Exception {
        throw new UnsupportedOperationException("this client path has no transactions");
    }

    /** Discards the messages sent since the last commit or rollback. */
    default void rollback() throws Exception {
        throw new UnsupportedOperationException("this client path has no transactions");
    }

    @Override
    void close() throws Exception;
}
