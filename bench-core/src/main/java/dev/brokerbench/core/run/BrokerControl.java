package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Cluster;

/** What a fault needs from the broker under test. */
public interface BrokerControl {
    /** For runs without faults: any use is a programming error. */
    BrokerControl NONE = new BrokerControl() {
        @Override
        public void kill() {
            throw new UnsupportedOperationException("no broker control in this run");
        }

        @Override
        public long restart() {
            throw new UnsupportedOperationException("no broker control in this run");
        }

        @Override
        public String recoveryStatement() {
            throw new UnsupportedOperationException("no broker control in this run");
        }

        @Override
        public Cluster cluster() {
            throw new UnsupportedOperationException("no broker control in this run");
        }
    };

    /** kill -9 the broker. */
    void kill();

    /** SIGSTOP to every process of the broker (a container frozen): it stands still until {@link #resume()}. */
    default void pause() {
        throw new UnsupportedOperationException("this broker control cannot pause its broker");
    }

    /** SIGCONT: the paused broker goes on where it stood. */
    default void resume() {
        throw new UnsupportedOperationException("this broker control cannot pause its broker");
    }

    /** Slows the link between the cell's clients and the broker until the undo is closed ({@link LinkShaper}). */
    default dev.brokerbench.core.broker.Undo slowLink(java.time.Duration oneWay, java.time.Duration jitter) {
        throw new UnsupportedOperationException("this broker control cannot slow the link");
    }

    /** Drops this share of the packets between the suite and the broker (1: a partition) until the undo is closed. */
    default dev.brokerbench.core.broker.Undo dropPackets(double share) {
        throw new UnsupportedOperationException("this broker control cannot drop packets");
    }

    /** Takes the free space of the broker's data filesystem but {@code leftBytes} until the undo is closed. */
    default dev.brokerbench.core.broker.Undo fillDisk(long leftBytes) {
        throw new UnsupportedOperationException("this broker control cannot fill a disk");
    }

    /**
     * False once the broker is known to be gone or to serve no more (its process exited, or its port takes no
     * connection: it stopped itself, or crashed); true where unknown.
     */
    default boolean alive() {
        return true;
    }

    /**
     * Why the broker cannot be asked for what a drain missed: it stopped answering on its port, or its process died
     * (with the evidence); empty while it answers, and where this control cannot tell.
     */
    default java.util.Optional<String> stoppedAnswering() throws InterruptedException {
        return java.util.Optional.empty();
    }

    /**
     * Why the broker was caught stopped while the cell ran (silent past the run's limit, or its process dead) and
     * killed so that the cell's clients fail at once; empty while it was not, and where the cell is not watched.
     */
    default java.util.Optional<String> stoppedDuringCell() {
        return java.util.Optional.empty();
    }

    /** Kills a broker that {@link #stoppedAnswering()} and starts it again on its data: empty once back, else why not. */
    default java.util.Optional<String> restartStopped() {
        return java.util.Optional.of("this broker control cannot restart its broker");
    }

    /**
     * Why the broker, since {@link #restartStopped()} started it again, cannot hold what it was given: its own GC
     * log shows it out of heap ({@link dev.brokerbench.core.broker.gc.OutOfHeap}); empty where it does not, where it
     * was not restarted, and where this control cannot tell.
     */
    default java.util.Optional<String> outOfHeapSinceRestart() {
        return java.util.Optional.empty();
    }

    /** Starts it again on the same data and ports; returns milliseconds until it was ready. */
    long restart() throws BrokerStartException;

    /**
     * The broker's own statement of what it recovered at the last restart (its log line, see
     * {@code BrokerRuntime.recoveryStatement()}), or null when it does not make one.
     */
    String recoveryStatement();

    /** The broker's nodes, for a fault that kills the leader of a queue; an error for a single node. */
    Cluster cluster();
}
