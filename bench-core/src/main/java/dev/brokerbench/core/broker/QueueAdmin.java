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

        /**
         * The host and port of the first of {@code protocols} given (an external broker offers only those given),
         * for a broker that serves them all on one listener.
         */
        default Endpoint first(Protocol... protocols) {
            for (Protocol p : protocols) {
                try {
                    return of(p);
                } catch (IllegalArgumentException notGiven) {
                    // try the next
                }
            }
            throw new IllegalArgumentException("none of " + java.util.List.of(protocols) + " given");
        }
    }

    /** Makes sure the durable queue exists (before any client of a cell uses it); idempotent. */
    default void prepare(Endpoints broker, String queue) throws Exception {
    }

    /** The broker's own count of the messages on {@code queue}; empty where the broker leaves it to the paths. */
    default Optional<BrokerCount> count(Endpoints broker, String queue) throws Exception {
        return Optional.empty();
    }
}
