package dev.brokerbench.brokers.kafka;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server properties of a one-node KRaft Kafka (broker and controller in one process), as both runtimes give
 * them: the distribution's config/server.properties for a single node, with the suite's ports and data directory.
 * Internal topics have one replica (one node); the group coordinator starts rebalancing at once
 * ({@code group.initial.rebalance.delay.ms=0}, as the distribution's file sets it for a single broker), and consumer
 * group members heartbeat every 500 ms instead of 5 s, so four members own a partition each in 1.2-2.5 s.
 */
public final class KafkaServerConfig {
    /** The listener clients use. */
    public static final String CLIENT_LISTENER = "PLAINTEXT";
    /** The controller's listener. */
    public static final String CONTROLLER_LISTENER = "CONTROLLER";
    /** In a container, the broker's own listener (never published). */
    static final String INTERNAL_LISTENER = "INTERNAL";
    static final int CONTAINER_CONTROLLER_PORT = 9093;
    static final int CONTAINER_INTERNAL_PORT = 9094;
    /** The server's main class. */
    public static final String MAIN = "kafka.Kafka";
    /** The server's log once it serves clients; group 1 is its version. */
    public static final java.util.regex.Pattern STARTED = java.util.regex.Pattern.compile(
            "(?s)Kafka version: ([0-9][^ \\s]*).*Kafka Server started");
    /** The consumer-group heartbeat of the suite's Kafka brokers (Kafka's default and minimum: 5000). */
    static final int GROUP_HEARTBEAT_MILLIS = 500;
    /** Kafka's partitions per new topic; the suite's queue is a topic of this many partitions. */
    public static final int PARTITIONS = 4;

    private KafkaServerConfig() {
    }

    /**
     * A local process: both listeners on {@code host}, the quorum found through the controller listener
     * ({@code kafka-storage format --standalone}).
     */
    public static Map<String, String> local(String host, int clientPort, int controllerPort, String logDir,
                                            KafkaDurability durability) {
        return local(host, clientPort, controllerPort, logDir, durability, List.of());
    }

    /** {@link #local} with further SASL_SSL client listeners on {@code host}, each advertised at its own port. */
    public static Map<String, String> local(String host, int clientPort, int controllerPort, String logDir,
                                            KafkaDurability durability, List<KafkaSecureListener> secure) {
        Map<String, String> p = common(logDir, durability);
        p.put("controller.quorum.bootstrap.servers", host + ":" + controllerPort);
        StringBuilder listeners = new StringBuilder(CLIENT_LISTENER + "://" + host + ":" + clientPort + ","
                + CONTROLLER_LISTENER + "://" + host + ":" + controllerPort);
        StringBuilder protocols = new StringBuilder(CONTROLLER_LISTENER + ":PLAINTEXT," + CLIENT_LISTENER
                + ":PLAINTEXT");
        for (KafkaSecureListener l : secure) {
            listeners.append(',').append(l.name()).append("://").append(host).append(':').append(l.port());
            protocols.append(',').append(l.name()).append(":SASL_SSL");
        }
        p.put("listeners", listeners.toString());
        p.put("advertised.listeners", listeners.toString());
        p.put("inter.broker.listener.name", CLIENT_LISTENER);
        p.put("listener.security.protocol.map", protocols.toString());
        if (!secure.isEmpty()) {
            p.put("sasl.enabled.mechanisms", String.join(",", KafkaSecureListener.MECHANISMS));
            secure.forEach(l -> p.putAll(l.serverProperties()));
        }
        return p;
    }

    /**
     * One node of a local cluster of {@code controllerPorts.size()} nodes, each broker and controller, node ids from
     * 1: a static quorum of every node's controller listener; every topic replicated to three nodes and written to
     * at least two before an {@code acks=all} produce is acknowledged.
     *
     * @param nodeId 1-based, this node's place in {@code controllerPorts}
     */
    public static Map<String, String> cluster(String host, int nodeId, int clientPort, List<Integer> controllerPorts,
                                              String logDir, KafkaDurability durability) {
        Map<String, String> p = common(logDir, durability);
        p.put("node.id", String.valueOf(nodeId));
        StringBuilder voters = new StringBuilder();
        for (int i = 0; i < controllerPorts.size(); i++) {
            voters.append(i == 0 ? "" : ",").append(i + 1).append('@').append(host).append(':')
                    .append(controllerPorts.get(i));
        }
        p.put("controller.quorum.voters", voters.toString());
        p.put("listeners", CLIENT_LISTENER + "://" + host + ":" + clientPort + "," + CONTROLLER_LISTENER + "://" + host
                + ":" + controllerPorts.get(nodeId - 1));
        p.put("advertised.listeners", CLIENT_LISTENER + "://" + host + ":" + clientPort);
        p.put("inter.broker.listener.name", CLIENT_LISTENER);
        p.put("listener.security.protocol.map", CONTROLLER_LISTENER + ":PLAINTEXT," + CLIENT_LISTENER + ":PLAINTEXT");
        String replicas = String.valueOf(Math.min(3, controllerPorts.size()));
        String minIsr = String.valueOf(Math.min(2, controllerPorts.size()));
        p.put("default.replication.factor", replicas);
        p.put("min.insync.replicas", minIsr);
        p.put("offsets.topic.replication.factor", replicas);
        p.put("transaction.state.log.replication.factor", replicas);
        p.put("transaction.state.log.min.isr", minIsr);
        p.put("share.coordinator.state.topic.replication.factor", replicas);
        p.put("share.coordinator.state.topic.min.isr", minIsr);
        return p;
    }

    /**
     * In a container: clients on {@code clientPort} of every interface, told to connect to the port published on the
     * host's loopback; the controller and the broker's own listener on the container's localhost only; a static
     * quorum of one voter (as the official image's examples).
     */
    public static Map<String, String> container(int clientPort, int publishedPort, String logDir,
                                                KafkaDurability durability) {
        Map<String, String> p = common(logDir, durability);
        p.put("controller.quorum.voters", "1@localhost:" + CONTAINER_CONTROLLER_PORT);
        p.put("listeners", CLIENT_LISTENER + "://0.0.0.0:" + clientPort + "," + CONTROLLER_LISTENER
                + "://localhost:" + CONTAINER_CONTROLLER_PORT + "," + INTERNAL_LISTENER + "://localhost:"
                + CONTAINER_INTERNAL_PORT);
        p.put("advertised.listeners", CLIENT_LISTENER + "://127.0.0.1:" + publishedPort + "," + INTERNAL_LISTENER
                + "://localhost:" + CONTAINER_INTERNAL_PORT);
        p.put("inter.broker.listener.name", INTERNAL_LISTENER);
        p.put("listener.security.protocol.map", CONTROLLER_LISTENER + ":PLAINTEXT," + CLIENT_LISTENER + ":PLAINTEXT,"
                + INTERNAL_LISTENER + ":PLAINTEXT");
        return p;
    }

    private static Map<String, String> common(String logDir, KafkaDurability durability) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.listener.names", CONTROLLER_LISTENER);
        p.put("log.dirs", logDir);
        p.put("num.partitions", String.valueOf(PARTITIONS));
        p.put("offsets.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        // a consumer group (KIP-848) moves partitions between members on their heartbeats: at the default 5 s four
        // members took 10-11 s to own one partition each before a consume phase's clock; heartbeats are not data
        p.put("group.consumer.min.heartbeat.interval.ms", String.valueOf(GROUP_HEARTBEAT_MILLIS));
        p.put("group.consumer.heartbeat.interval.ms", String.valueOf(GROUP_HEARTBEAT_MILLIS));
        p.putAll(durability.serverProperties());
        return p;
    }

    /** The JVM heap as Kafka's scripts set it (initial = maximum). */
    public static String heapOptions(String heap) {
        return "-Xms" + heap + " -Xmx" + heap;
    }

    /** kafka-run-class.sh's JVM performance options. */
    public static final String JVM_PERFORMANCE_OPTIONS = "-server -XX:+UseG1GC -XX:MaxGCPauseMillis=20"
            + " -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -Djava.awt.headless=true";
}
