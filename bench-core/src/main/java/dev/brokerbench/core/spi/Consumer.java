package dev.brokerbench.core.spi;

/**
 * One client's receiving session, used by one thread. It is created stopped: {@link Driver#consumer} opens the
 * connection and session but subscribes nothing, so the broker can push no message to it (no prefetch) before
 * {@link #start()}. The phase clock starts before {@code start()}, so every delivery falls inside the measured time.
 */
public interface Consumer extends AutoCloseable {
    /**
     * Before the phase clock starts, on the consumer's own thread, while the phase's other consumers do the same:
     * joins whatever this consumer shares its queue through, taking no message, until it holds its share among
     * {@code members} consumers or {@code timeoutMillis} pass. A Kafka group member joins its group, its partitions
     * paused, until it owns its share of them: otherwise the first member to join owns every partition, and drains
     * the queue alone before the group has given the others theirs. Consumers that share a queue as soon as they
     * subscribe do nothing.
     *
     * @throws Exception when {@code timeoutMillis} passed without this consumer holding its share (saying what it
     *                   holds): the phase records it as an error, so the cell ends as one rather than measuring fewer
     *                   consumers than it says; the consumer is then closed
     */
    default void join(int members, long timeoutMillis) throws Exception {
    }

    /** Subscribes and begins delivery (e.g. creates the JMS consumer and starts the connection; basic.consume). */
    void start() throws Exception;

    /**
     * After {@link #start()}: waits until the broker delivers to this consumer what is sent from now on, for at most
     * {@code timeoutMillis} (consumers running beside publishers wait for this before publishing starts, so that no
     * latency they measure includes joining). Most subscriptions are ready once {@code start()} returns; a Kafka
     * group member is ready once the group has assigned it partitions. Messages that arrive meanwhile are kept for
     * {@link #receive}.
     */
    default void awaitReady(long timeoutMillis) throws Exception {
    }

    /** Waits up to {@code timeoutMillis} for one message; hands it to {@code sink} and returns true, or false. */
    boolean receive(long timeoutMillis, Delivery sink) throws Exception;

    /** Acknowledges (or commits) everything received so far; a no-op for AUTO and DUPS_OK. */
    void acknowledge() throws Exception;

    /**
     * With {@link dev.brokerbench.core.model.AckMode#TRANSACTED} ({@link Capability#TRANSACTIONS}): rolls back the
     * transaction, giving every message received since the last {@link #acknowledge()} back to the broker, which
     * delivers it again (to this consumer or another), flagged as redelivered.
     */
    default void rollback() throws Exception {
        throw new UnsupportedOperationException("this client path has no transactions");
    }

    @Override
    void close() throws Exception;
}
