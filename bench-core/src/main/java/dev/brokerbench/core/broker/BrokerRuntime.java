package dev.brokerbench.core.broker;

import java.util.List;
import java.util.Optional;

/**
 * How one broker is started by one kind of runtime (a local process, a container, an external broker). Who the
 * broker is, its {@link BrokerDescriptor}, is the same for all of them. Local and container runtimes are registered
 * through {@link java.util.ServiceLoader}.
 */
public interface BrokerRuntime {
    /** The broker this runtime starts. */
    BrokerDescriptor broker();

    RuntimeKind kind();

    /** The protocols a started broker offers: the broker's, unless the runtime offers fewer. */
    default List<Protocol> protocols() {
        return broker().protocols();
    }

    /**
     * How many nodes a started broker has: 1, or a cluster's (its instances then have a {@link BrokerInstance#cluster()}).
     * Known before the start, so that a case that kills a leader is refused on a single node up front.
     */
    default int nodes() {
        return 1;
    }

    /**
     * Empty when a started broker's node can be cut off from the other nodes while every client link stays whole (its
     * node-to-node traffic on ports apart from its clients'); otherwise why not.
     */
    default Optional<String> nodeCutUnavailable() {
        return Optional.of(nodes() < 2 ? broker().id() + " runs one node" : broker().displayName() + " on "
                + kind().name().toLowerCase() + " has no way built to cut one node from the others");
    }

    /** Empty when this runtime can start the broker here; otherwise why not and how to enable it. */
    Optional<String> unavailableReason(BrokerEnvironment environment);

    BrokerInstance start(BrokerEnvironment environment) throws BrokerStartException;
}
