package dev.brokerbench.core.broker;

import dev.brokerbench.core.result.BrokerCount;
import java.util.Optional;

/**
 * A broker's own queue operations, done by the broker's module rather than by a client path: making the durable
 * queue exist in the one shape every path can share, and the broker's own count of a queue's messages.
 */
public interface QueueAdmin {
    /** A broker whose paths create their queues themselves and count through their own client. */
    QueueAdmin NONE = new QueueAdmin() {
    };

    /** Where the broker listens, per protocol (a running broker's {@link BrokerInstance#endpoint}). */
    @FunctionalInterface
    interface Endpoints {
        /** The endpoint for {@code protocol}; an {@link IllegalArgumentException} where the broker offers none. */
        Endpoint of(Protocol protocol);
    }

    /** Makes sure the durable queue exists (before any client of a cell uses it); idempotent. */
    default void prepare(Endpoints broker, String queue) throws Exception {
    }

    /** The broker's own count of the messages on {@code queue}; empty where the broker leaves it to the paths. */
    default Optional<BrokerCount> count(Endpoints broker, String queue) throws Exception {
        return Optional.empty();
    }
}
