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
     * A consumer like {@link #consumer(String)} that the broker hands only the messages {@code selection} matches
     * (evaluated by the broker on the stamp's sequence property), leaving the others on the queue. Paths without
     * {@link Capability#SELECTORS} do not override this.
     */
    default Consumer consumer(String queue, dev.brokerbench.core.model.Selection selection) throws Exception {
        throw new UnsupportedOperationException(info().clientPath() + " has no message selectors");
    }

    /**
     * A new connection and session sending persistent messages to the topic {@code topic}, for {@code mode} (see
     * {@link #publisher(String, dev.brokerbench.core.model.PublishMode)}). Paths without {@link Capability#TOPICS}
     * do not override this.
     */
    default Publisher topicPublisher(String topic, dev.brokerbench.core.model.PublishMode mode) throws Exception {
        throw new UnsupportedOperationException(info().clientPath() + " has no topics");
    }

    /**
     * A new connection and session for {@code subscription}, created stopped like {@link #consumer}: {@link
     * Consumer#start()} subscribes (creating the subscription, durable or not), so it receives what is published
     * from then on, with the spec's prefetch and ack mode. Closing it ends the subscription, a durable one included
     * (the suite's subscriptions last one pass). Paths without {@link Capability#TOPICS} do not override this.
     */
    default Consumer subscriber(Subscription subscription) throws Exception {
        throw new UnsupportedOperationException(info().clientPath() + " has no topics");
    }

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
     * counted and reported through {@code onReceive} with the correlation id it carried (a request's or a one-way
     * message's) and {@link System#nanoTime()} and, when it names a reply address, answered there with
     * {@link RpcPayload#transform} of its body and its correlation id.
     */
    default RpcServer rpcServer(String queue, int sessions, ServerReceipt onReceive) throws Exception {
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
