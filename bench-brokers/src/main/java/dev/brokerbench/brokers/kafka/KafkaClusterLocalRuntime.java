package dev.brokerbench.brokers.kafka;

import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.brokers.local.LocalBrokerInstance;
import dev.brokerbench.brokers.local.LocalCluster;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.process.Ports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.TopicPartitionInfo;

/**
 * A Kafka cluster of three KRaft nodes, each broker and controller, as local processes ({@code kafka-cluster}): a
 * static quorum of their controller listeners, every topic replicated to all three and an {@code acks=all} produce
 * acknowledged once two have it ({@code min.insync.replicas=2}). The nodes start together (none is ready without a
 * quorum). The node leading a queue is the one that leads most of its topic's partitions.
 */
public final class KafkaClusterLocalRuntime implements BrokerRuntime {
    static final BrokerDescriptor DESCRIPTOR = KafkaDurability.PAGE_CACHE.descriptor().variant("kafka-cluster",
            "Apache Kafka cluster (3 brokers, replication 3, min ISR 2)");
    private static final int NODES = 3;

    @Override
    public BrokerDescriptor broker() {
        return DESCRIPTOR;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.LOCAL;
    }

    /** Replication shares the clients' listener, and a JVM cannot give its connections a port range of their own. */
    @Override
    public Optional<String> nodeCutUnavailable() {
        return Optional.of("the followers fetch from the leader over the listener the clients use, from ports the JVM"
                + " picks: no rule can cut one without the other");
    }

    @Override
    public int nodes() {
        return NODES;
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        Path lib = environment.distributionDir().resolve("kafka").resolve("lib");
        return Instances.unlessPresent(Files.isDirectory(lib), "Kafka jars", lib)
                .or(() -> Instances.unlessPlaceable(environment, Optional.of("it advertises 127.0.0.1 to its"
                        + " clients")));
    }

    /** Starts it; once more on new ports when a port was taken ({@link Instances#onFreePorts}). */
    @Override
    public BrokerInstance start(BrokerEnvironment env) throws BrokerStartException {
        return Instances.onFreePorts(() -> startOnce(env));
    }

    private BrokerInstance startOnce(BrokerEnvironment env) throws BrokerStartException {
        Optional<String> unavailable = unavailableReason(env);
        if (unavailable.isPresent()) {
            throw new BrokerStartException(unavailable.get());
        }
        Path home = env.distributionDir().resolve("kafka");
        Path dir = Instances.newDirectory(env.workRoot(), broker().id());
        int[] ports = Ports.freeLoopbackPorts(2 * NODES, List.of());
        List<Integer> controllerPorts = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            controllerPorts.add(ports[NODES + i]);
        }
        String clusterId = KafkaClusterId.random();
        Map<String, String> settings = KafkaDurability.PAGE_CACHE.settings(env.heap());
        settings.put("mode", "KRaft, " + NODES + " nodes each broker and controller, a static quorum of the three");
        settings.put("replication", "every topic on all " + NODES + " brokers (default.replication.factor=3),"
                + " min.insync.replicas=2: an acks=all produce is acknowledged once two brokers have it");
        settings.put("persistence", settings.get("persistence") + "; replicated to two brokers before the"
                + " acknowledgement");
        List<LocalBrokerInstance> nodes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try {
            for (int i = 0; i < NODES; i++) {
                Path nodeDir = Files.createDirectories(dir.resolve("node-" + (i + 1)));
                Path config = nodeDir.resolve("server.properties");
                KafkaProcess.writeProperties(config, KafkaServerConfig.cluster("127.0.0.1", i + 1, ports[i],
                        controllerPorts, nodeDir.resolve("data").toString(), KafkaDurability.PAGE_CACHE));
                KafkaProcess.format(home, nodeDir, config, List.of("--cluster-id", clusterId), env.startTimeout());
                Endpoint endpoint = Endpoint.loopback(Protocol.KAFKA, ports[i]);
                nodes.add(new LocalBrokerInstance(this, KafkaProcess.launch(env, home, nodeDir, config, endpoint),
                        Map.of(Protocol.KAFKA, endpoint), settings, env, nodeDir));
                names.add("kafka-" + (i + 1));
            }
        } catch (IOException | BrokerStartException e) {
            dev.brokerbench.process.Cleanup.deleteNow(dir);
            throw e instanceof BrokerStartException b ? b
                    : new BrokerStartException("cannot prepare the Kafka cluster in " + dir + ": " + e.getMessage(), e);
        }
        return LocalCluster.startTogether(this, nodes, names, KafkaClusterLocalRuntime::leaderOf, List.of(),
                dir);
    }

    /** The node leading most of the topic's partitions (the lowest node id on a tie), as a running node says. */
    private static int leaderOf(List<LocalBrokerInstance> nodes, String topic) throws Exception {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, String.join(",", nodes.stream()
                .filter(LocalBrokerInstance::alive).map(n -> n.endpoint(Protocol.KAFKA).hostAndPort()).toList()));
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
        try (Admin admin = Admin.create(p)) {
            List<Integer> leaders = new java.util.ArrayList<>();
            for (TopicPartitionInfo partition : admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(30, TimeUnit.SECONDS).get(topic).partitions()) {
                if (partition.leader() != null) {
                    leaders.add(partition.leader().id());
                }
            }
            return mostLeading(leaders, topic);
        }
    }

    /**
     * The index (node ids count from 1, in the order of the nodes) of the node leading most of {@code leaders}, the
     * leading node id of each partition that has one; the lowest id on a tie.
     */
    static int mostLeading(List<Integer> leaders, String topic) {
        Map<Integer, Integer> led = new TreeMap<>();
        leaders.forEach(id -> led.merge(id, 1, Integer::sum));
        int leader = led.entrySet().stream().max(Map.Entry.<Integer, Integer>comparingByValue()
                        .thenComparing(Map.Entry.comparingByKey(java.util.Comparator.reverseOrder())))
                .orElseThrow(() -> new IllegalStateException("no partition of " + topic + " has a leader"))
                .getKey();
        return leader - 1;
    }
}
