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
     * This driver's {@code facet} (topics, selectors, calls), empty where its path has none. A driver class has a
     * facet by implementing it, and its path's capabilities follow from that ({@link Capabilities}); a wrapper hands
     * over the wrapped driver's (see {@link ForwardingDriver}).
     */
    default <F extends Facet> java.util.Optional<F> facet(Class<F> facet) {
        return facet.isInstance(this) ? java.util.Optional.of(facet.cast(this)) : java.util.Optional.empty();
    }

    /**
     * This driver's {@code facet}, for a workload whose needs were checked against the path's capabilities before it
     * ran: a driver without it is a defect of the check or the path, not a finding.
     */
    default <F extends Facet> F require(Class<F> facet) {
        return facet(facet).orElseThrow(() -> new IllegalStateException(info().clientPath() + "'s driver does not"
                + " implement " + facet.getSimpleName() + ", which the workload's checked capabilities need"));
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
