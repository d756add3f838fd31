package dev.brokerbench.core.broker;

import java.time.Duration;

/**
 * A way to a broker's client ports through a relay whose link can be slowed: the clients of a cell whose link is to
 * be slowed reach the broker through it (at no delay until then). Closing it closes every relayed connection.
 */
public interface LinkShaper extends AutoCloseable {
    /** {@code direct}, reached through the relay. */
    Endpoint endpoint(Endpoint direct);

    /**
     * Holds each chunk of bytes either way {@code oneWay} plus up to {@code jitter} at random, until the returned
     * {@link Undo} is closed.
     */
    Undo slow(Duration oneWay, Duration jitter);

    @Override
    void close();
}
