package dev.brokerbench.brokers.local;

import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Cluster;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.process.ChildProcess;
import dev.brokerbench.process.Cleanup;
import dev.brokerbench.process.net.PacketDrop;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A broker of several local nodes, each a {@link LocalBrokerInstance} with its own directory, ports and process: a
 * client reaches the first node and is given the others as failover addresses; a fault kills the node leading a
 * queue and later starts it again on its data. What makes a cluster of one kind (how its nodes find each other,
 * which leads a queue) is its runtime's; this class only holds the nodes.
 */
public final class LocalCluster implements BrokerInstance, Cluster {
    /** How a kind of cluster tells which node leads a queue. */
    @FunctionalInterface
    public interface Leadership {
        /** The index (in {@code nodes}) of the node leading {@code queue}'s writes now. */
        int leaderOf(List<LocalBrokerInstance> nodes, String queue) throws Exception;
    }

    private final BrokerRuntime runtime;
    private final List<LocalBrokerInstance> nodes;
    private final List<String> names;
    private final Leadership leadership;
    private final List<ChildProcess> companions;
    /** Each node's node-to-node ports, when they are apart from its clients' ({@link #cut}); else empty. */
    private final List<PacketDrop.NodePorts> links;
    private final Path dir;
    private final long startToReadyMillis;
    /** The node clients try first: node 1, until it is killed. */
    private volatile int first;

    /**
     * @param nodes      the started nodes, in the order clients try them
     * @param names      each node's name, as the broker calls it
     * @param companions processes the nodes share (e.g. RabbitMQ's private epmd), killed when the cluster closes
     * @param dir        the cluster's own directory, holding the nodes' directories; deleted at close
     */
    private LocalCluster(BrokerRuntime runtime, List<LocalBrokerInstance> nodes, List<String> names,
                         Leadership leadership, List<ChildProcess> companions, List<PacketDrop.NodePorts> links,
                         Path dir, long startToReadyMillis) {
        if (nodes.size() != names.size() || nodes.size() < 2) {
            throw new IllegalArgumentException("a cluster needs two or more nodes, each named; got " + nodes.size()
                    + " nodes, " + names.size() + " names");
        }
        this.runtime = runtime;
        this.nodes = List.copyOf(nodes);
        this.names = List.copyOf(names);
        this.leadership = leadership;
        this.companions = List.copyOf(companions);
        if (!links.isEmpty() && links.size() != nodes.size()) {
            throw new IllegalArgumentException("node-to-node ports for " + links.size() + " of " + nodes.size()
                    + " nodes");
        }
        this.links = List.copyOf(links);
        this.dir = dir;
        this.startToReadyMillis = startToReadyMillis;
    }

    /** How to start one node, ready when its own readiness says so. */
    @FunctionalInterface
    public interface NodeStart {
        LocalBrokerInstance start() throws BrokerStartException;
    }

    /**
     * Starts the nodes one after the other, each once the one before is ready (a RabbitMQ node joins the nodes
     * already running; an Artemis backup synchronizes with its primary). On a failure everything started so far is
     * closed, the companions killed and the directory deleted.
     *
     * @param links each node's node-to-node ports, when they are apart from its clients' (a node can then be cut off
     *              from the others); else empty
     */
    public static LocalCluster start(BrokerRuntime runtime, List<NodeStart> starts, List<String> names,
                                     Leadership leadership, List<ChildProcess> companions,
                                     List<PacketDrop.NodePorts> links, Path dir) throws BrokerStartException {
        long t0 = System.nanoTime();
        List<LocalBrokerInstance> started = new ArrayList<>();
        try {
            for (NodeStart start : starts) {
                started.add(start.start());
            }
            return new LocalCluster(runtime, started, names, leadership, companions, links, dir,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        } catch (BrokerStartException | RuntimeException e) {
            removeAll(started, companions, dir);
            throw e;
        }
    }

    /**
     * Starts every node at once and waits until all are ready, for a cluster whose nodes cannot be ready alone (a
     * Kafka node's broker waits for a quorum of controllers). On a failure everything is closed and deleted.
     */
    public static LocalCluster startTogether(BrokerRuntime runtime, List<LocalBrokerInstance> nodes,
                                             List<String> names, Leadership leadership,
                                             List<ChildProcess> companions, Path dir) throws BrokerStartException {
        long t0 = System.nanoTime();
        try {
            startAll(nodes, names);
            return new LocalCluster(runtime, nodes, names, leadership, companions, List.of(), dir,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        } catch (BrokerStartException | RuntimeException e) {
            removeAll(nodes, companions, dir);
            throw e;
        }
    }

    /** After a failed start: closes what was started, kills the companions, deletes the directory. */
    private static void removeAll(List<LocalBrokerInstance> nodes, List<ChildProcess> companions, Path dir) {
        nodes.forEach(LocalBrokerInstance::close);
        companions.forEach(ChildProcess::kill);
        Cleanup.deleteNow(dir);
    }

    /** Starts every node on a thread of its own and waits for all; the first failure, naming its node. */
    private static void startAll(List<LocalBrokerInstance> nodes, List<String> names) throws BrokerStartException {
        List<Thread> threads = new ArrayList<>();
        Map<Integer, BrokerStartException> failures = new java.util.concurrent.ConcurrentHashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            int index = i;
            Thread t = new Thread(() -> {
                try {
                    nodes.get(index).start();
                } catch (BrokerStartException e) {
                    failures.put(index, e);
                }
            }, "start-" + names.get(i));
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BrokerStartException("interrupted while the nodes started");
            }
        }
        if (!failures.isEmpty()) {
            Map.Entry<Integer, BrokerStartException> first = new TreeMap<>(failures).firstEntry();
            throw new BrokerStartException(new Node(first.getKey(), names.get(first.getKey())).describe() + ": "
                    + first.getValue().getMessage(), first.getValue());
        }
    }

    @Override
    public BrokerInfo info() {
        BrokerInfo first = nodes.get(0).info();
        Map<String, String> all = new TreeMap<>(first.settings());
        all.put("nodes", nodes.size() + ": " + describeNodes());
        all.put("broker CPU", "not measured: the broker runs as " + nodes.size() + " processes");
        return new BrokerInfo(runtime.broker().id(), runtime.broker().displayName(), first.version(), runtime.kind(),
                all, startToReadyMillis);
    }

    private String describeNodes() {
        List<String> each = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            each.add(names.get(i) + " at " + nodes.get(i).endpoint(runtime.broker().nativeProtocol()).hostAndPort());
        }
        return String.join(", ", each);
    }

    /**
     * The endpoint of the node clients try first, with the other nodes' listeners for the same protocol as failover
     * addresses, in order. Clients try the first node first, until it is killed; then the next (an Artemis backup that
     * took over is the server that accepts clients; a client without failover reaches only the first address).
     */
    @Override
    public Endpoint endpoint(Protocol protocol) {
        int from = first;
        List<Endpoint.Address> others = new ArrayList<>();
        for (int i = 1; i < nodes.size(); i++) {
            Endpoint e = nodes.get((from + i) % nodes.size()).endpoint(protocol);
            others.add(new Endpoint.Address(e.host(), e.port()));
        }
        return nodes.get(from).endpoint(protocol).withOthers(others);
    }

    /** None: the broker's CPU would be one node's of several. */
    @Override
    public OptionalLong pid() {
        return OptionalLong.empty();
    }

    /** Every node's log, each under a heading naming the node. */
    @Override
    public String log() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < nodes.size(); i++) {
            sb.append("== ").append(node(i).describe()).append(" ==\n").append(nodes.get(i).log()).append('\n');
        }
        return sb.toString();
    }

    @Override
    public Optional<Cluster> cluster() {
        return Optional.of(this);
    }

    @Override
    public Node leaderOf(String queue) throws Exception {
        return node(leadership.leaderOf(nodes, queue));
    }

    private Node node(int index) {
        return new Node(index, names.get(index));
    }

    @Override
    public void kill(Node node) {
        if (node.index() == first) {
            first = (first + 1) % nodes.size();
        }
        nodes.get(node.index()).kill();
    }

    @Override
    public void pause(Node node) {
        nodes.get(node.index()).pause();
    }

    @Override
    public void resume(Node node) {
        nodes.get(node.index()).resume();
    }

    /** Drops every packet between the node's node-to-node ports and the others' ({@link PacketDrop#between}). */
    @Override
    public dev.brokerbench.core.broker.Undo cut(Node node) {
        if (links.isEmpty()) {
            throw new UnsupportedOperationException(runtime.nodeCutUnavailable().orElse(
                    "this cluster's node-to-node ports are not apart from its clients'"));
        }
        List<PacketDrop.NodePorts> others = new ArrayList<>(links);
        others.remove(node.index());
        try {
            return PacketDrop.between(links.get(node.index()), others)::close;
        } catch (java.io.IOException e) {
            throw new IllegalStateException("could not cut " + node.describe() + " off from the other nodes: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public long rejoin(Node node) throws BrokerStartException {
        LocalBrokerInstance instance = nodes.get(node.index());
        instance.restart();
        return instance.info().startToReadyMillis();
    }

    /** kill -9 of every node. */
    @Override
    public void kill() {
        nodes.forEach(LocalBrokerInstance::kill);
    }

    /**
     * Stops what still runs and starts every node at once (each may wait for the others to come back, as RabbitMQ
     * nodes do for the cluster's tables), waiting until all are ready.
     */
    @Override
    public void restart() throws BrokerStartException {
        nodes.forEach(LocalBrokerInstance::stop);
        startAll(nodes, names);
    }

    @Override
    public void stop() {
        nodes.forEach(LocalBrokerInstance::stop);
    }

    @Override
    public void close() {
        try {
            nodes.forEach(LocalBrokerInstance::close);
        } finally {
            companions.forEach(ChildProcess::kill);
            Cleanup.deleteNow(dir);
        }
    }
}
