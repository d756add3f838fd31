package dev.brokerbench.core.broker;

import java.util.OptionalLong;

/** A running broker the suite controls. {@link #close()} stops it and removes its data. */
public interface BrokerInstance extends AutoCloseable {
    BrokerInfo info();

    /** The endpoint for a protocol the broker offers. */
    Endpoint endpoint(Protocol protocol);

    /** The broker's process id, when the runtime knows it. */
    OptionalLong pid();

    /**
     * False only when the suite knows the broker's process is gone (a local process that exited, a container that
     * stopped); true where it cannot tell (a broker it does not run).
     */
    default boolean alive() {
        return true;
    }

    /** kill -9: no shutdown, no flush. */
    void kill();

    /** Starts the broker again on the same data and ports, waiting until it is ready. */
    void restart() throws BrokerStartException;

    /** The broker's log so far (its log file or the container's output), for what it says during a cell. */
    default String log() {
        return "";
    }

    /** The broker's nodes, when it has several (a cluster, a primary/backup pair); empty for a single node. */
    default java.util.Optional<Cluster> cluster() {
        return java.util.Optional.empty();
    }

    /** Orderly shutdown, keeping the data. */
    void stop();

    /** Stops (killing if needed) and deletes everything this instance created. Never throws. */
    @Override
    void close();
}
