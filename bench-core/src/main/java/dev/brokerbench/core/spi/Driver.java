package dev.brokerbench.core.spi;

/** A connected client library for one broker endpoint, creating one session per client. */
public interface Driver extends AutoCloseable {
    ClientInfo info();

    /** A new connection and session sending persistent messages to the durable queue {@code queue}. */
    Publisher publisher(String queue) throws Exception;

    /**
     * A publisher for {@code mode}: a path whose unconfirmed sends need another client setting (Kafka's
     * {@code acks=0}, a channel without publisher confirms) opens it here; the others send every mode through
     * {@link #publisher(String)}.
     */
    default Publisher publisher(String queue, dev.brokerbench.core.model.PublishMode mode) throws Exception {
        return publisher(queue);
    }

    /**
     * Opens one connection and closes it, so that a login the broker refuses is found before a run writes anything
     * (a broker the user runs, reached with the user's credentials); paths that cannot check without creating
     * anything on the broker do nothing.
     */
    default void verifyConnection() throws Exception {
    }

    /** A new connection and session consuming from {@code queue} with the spec's prefetch and ack mode. */
    Consumer consumer(String queue) throws Exception;

    /**
     * A new client connection for request/reply and one-way sends to {@code queue}, with a reply address of its own
     * when {@code replies} (a one-way client has none); used by one thread. Paths without
     * {@link Capability#REQUEST_REPLY} or {@link Capability#ONE_WAY} do not override this.
     */
    default Requester requester(String queue, boolean replies) throws Exception {
        throw new UnsupportedOperationException(info().clientPath() + " has no request/reply");
    }

    /**
     * Starts {@code sessions} server sessions (each on its own connection) consuming {@code queue}: every message is
     * counted through {@code onReceive} (with {@link System#nanoTime()}) and, when it names a reply address,
     * answered there with {@link RpcPayload#transform} of its body and its correlation id.
     */
    default RpcServer rpcServer(String queue, int sessions, java.util.function.LongConsumer onReceive)
            throws Exception {
        throw new UnsupportedOperationException(info().clientPath() + " has no request/reply");
    }

    /**
     * The broker's own count of the messages on {@code queue} (its statistics or management, not a consumer of this
     * suite), on a new connection; empty where the path has no way to ask.
     */
    default java.util.Optional<dev.brokerbench.core.result.BrokerCount> brokerCount(String queue) throws Exception {
        return java.util.Optional.empty();
    }

    @Override
    void close() throws Exception;
}
