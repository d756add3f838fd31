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

    /**
     * Stops every process of the broker where it stands (SIGSTOP; a container's processes frozen), as by a
     * stop-the-world pause, until {@link #resume()}: its sockets stay open and nothing it holds is released.
     *
     * @throws UnsupportedOperationException where the runtime cannot (a broker the suite does not run, a cluster)
     * @throws IllegalStateException         when the broker did not stop
     */
    default void pause() {
        throw new UnsupportedOperationException(info().displayName() + " on this runtime cannot be paused");
    }

    /** Continues a {@link #pause() paused} broker (SIGCONT); nothing when it runs. */
    default void resume() {
        throw new UnsupportedOperationException(info().displayName() + " on this runtime cannot be paused");
    }

    /**
     * Drops this share of the packets between the suite and every client port of the broker, both ways (1: all of
     * them, a partition; less: a lossy link), until the returned {@link Undo} is closed. The connections stay open:
     * TCP retransmits what was dropped, and gets through once the link heals.
     *
     * @param share in (0, 1]
     * @throws UnsupportedOperationException where the runtime cannot (a container, a broker in a namespace, a cluster)
     * @throws IllegalStateException         when the packets could not be dropped (e.g. no iptables)
     */
    default Undo dropPackets(double share) {
        throw new UnsupportedOperationException(info().displayName() + " on this runtime cannot have its packets"
                + " dropped");
    }

    /**
     * Starts a relay to every client port of the broker whose link can be slowed ({@link LinkShaper}).
     *
     * @throws UnsupportedOperationException where the runtime cannot (a container, a broker in a namespace, a cluster)
     * @throws IllegalStateException         when the relay could not start
     */
    default LinkShaper shaper() {
        throw new UnsupportedOperationException(info().displayName() + " on this runtime cannot have its link slowed");
    }

    /**
     * Takes the free space of the filesystem the broker's data is on (one of its own, see
     * {@link BrokerEnvironment#dataFilesystemBytes()}) but {@code leftBytes} until the returned {@link Undo} is
     * closed: the space returns.
     *
     * @throws UnsupportedOperationException where the runtime cannot (a container, a cluster, data on a shared disk)
     * @throws IllegalStateException         when the disk could not be filled
     */
    default Undo fillDisk(long leftBytes) {
        throw new UnsupportedOperationException(info().displayName() + " on this runtime cannot have its disk"
                + " filled");
    }

    /** Starts the broker again on the same data and ports, waiting until it is ready. */
    void restart() throws BrokerStartException;

    /** The broker's log so far (its log file or the container's output), for what it says during a cell. */
    default String log() {
        return "";
    }

    /**
     * Whether the broker answers now on its port through its protocol (a handshake, given a couple of seconds): a
     * process can live and answer nobody (stopped, or in a collector that no longer frees its heap). True where the
     * instance has no such probe.
     */
    default boolean answers() {
        return true;
    }

    /**
     * The GC log the broker's JVM writes ({@code -Xlog:gc*} with wall-clock decorations, see
     * {@link dev.brokerbench.core.broker.gc.GcLogReader#option}); empty for a broker that is not a JVM the suite
     * started with one.
     */
    default java.util.Optional<java.nio.file.Path> gcLog() {
        return java.util.Optional.empty();
    }

    /** The GC logs its earlier JVMs wrote, before it was started again, oldest first; none where it has none. */
    default java.util.List<java.nio.file.Path> earlierGcLogs() {
        return java.util.List.of();
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
