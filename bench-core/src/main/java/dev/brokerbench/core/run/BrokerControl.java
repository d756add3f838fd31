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
