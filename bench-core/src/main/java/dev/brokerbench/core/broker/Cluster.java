package dev.brokerbench.core.broker;

/**
 * A broker of several nodes the suite runs (a RabbitMQ cluster, an Artemis primary/backup pair): which node leads a
 * queue, kill -9 or a pause of that one node while the others go on, and its return.
 */
public interface Cluster {
    /**
     * The node that leads {@code queue}'s writes now: the quorum queue's leader, the active server of a pair. Asking
     * may take seconds (a CLI round trip): ask before the kill is due.
     */
    Node leaderOf(String queue) throws Exception;

    /** kill -9 of one node: no shutdown, no flush; the other nodes go on. */
    void kill(Node node);

    /**
     * SIGSTOP to one node's processes: it stands still, its sockets open, until {@link #resume(Node)}; the other nodes
     * go on.
     */
    void pause(Node node);

    /** SIGCONT to a {@link #pause(Node) paused} node. */
    void resume(Node node);

    /**
     * Cuts one node off from the others: every packet between it and them dropped both ways, connections left open,
     * the clients' links to every node left whole; closing what it returns heals the cut.
     *
     * @throws UnsupportedOperationException when this cluster's node-to-node traffic cannot be told apart from its
     *                                       clients' ({@link BrokerRuntime#nodeCutUnavailable()} says why)
     */
    default Undo cut(Node node) {
        throw new UnsupportedOperationException("this cluster cannot cut one node off from the others");
    }

    /**
     * Starts a killed node again on its own data and waits until it is back in the cluster (a member again, or the
     * synchronized backup of the server that took over). Returns the milliseconds that took.
     */
    long rejoin(Node node) throws BrokerStartException;

    /**
     * One node.
     *
     * @param index 0-based, in the order of the broker's endpoints' addresses
     * @param name  the broker's own name for it (e.g. {@code rabbit-1@localhost}, {@code primary})
     */
    record Node(int index, String name) {
        public Node {
            if (index < 0) {
                throw new IllegalArgumentException("index must be >= 0, got " + index);
            }
            java.util.Objects.requireNonNull(name, "name");
        }

        /** e.g. {@code node 2 (rabbit-2@localhost)}: 1-based, as people count nodes. */
        public String describe() {
            return "node " + (index + 1) + " (" + name + ")";
        }
    }
}
