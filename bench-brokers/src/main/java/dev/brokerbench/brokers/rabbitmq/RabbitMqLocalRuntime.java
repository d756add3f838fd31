package dev.brokerbench.brokers.rabbitmq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.brokers.local.LocalBrokerInstance;
import dev.brokerbench.brokers.local.LocalCluster;
import dev.brokerbench.brokers.local.LocalLaunch;
import dev.brokerbench.brokers.probe.Amqp091Probe;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.process.ChildProcess;
import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.Ports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Private RabbitMQ nodes from the installed Debian {@code rabbitmq-server}, as child processes: each with its own
 * HOME, data, logs and config and its own ports (AMQP 0-9-1 and AMQP 1.0 share one, STOMP another, Erlang
 * distribution), all on one private epmd, so a system RabbitMQ on 5672 is never touched. With input allowed and
 * {@code -noinput}, beam.smp itself is the child process, so kill -9 really kills the node.
 *
 * <p>One node with classic queues is {@code rabbitmq}; {@link RabbitMqQuorumLocalRuntime} and
 * {@link RabbitMqClusterLocalRuntime} are the same with quorum queues on one node and on a cluster of three. A
 * cluster's nodes share a cookie and find each other by the classic peer-discovery list in their config; the first
 * starts alone and the others join it one by one.
 */
public class RabbitMqLocalRuntime implements BrokerRuntime {
    static final Path SERVER = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");
    private static final Pattern STARTED =
            Pattern.compile("(?s)Starting RabbitMQ ([0-9][^ ]*) on Erlang.*Server startup complete");
    private static final ObjectMapper JSON = new ObjectMapper();
    private final BrokerDescriptor descriptor;
    private final int nodes;
    private final QueueType queueType;

    /** One node, classic queues. */
    public RabbitMqLocalRuntime() {
        this(RabbitMqBroker.DESCRIPTOR, 1, QueueType.CLASSIC);
    }

    protected RabbitMqLocalRuntime(BrokerDescriptor descriptor, int nodes, QueueType queueType) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be >= 1, got " + nodes);
        }
        this.descriptor = descriptor;
        this.nodes = nodes;
        this.queueType = queueType;
    }

    @Override
    public BrokerDescriptor broker() {
        return descriptor;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.LOCAL;
    }

    @Override
    public int nodes() {
        return nodes;
    }

    /**
     * A cluster's nodes reach each other from port ranges of their own (IP_LOCAL_PORT_RANGE on their distribution
     * connections), so their traffic is told apart from the clients' by port: a node can be cut off on Linux 6.3 or
     * later, where iptables runs.
     */
    @Override
    public Optional<String> nodeCutUnavailable() {
        if (nodes < 2) {
            return BrokerRuntime.super.nodeCutUnavailable();
        }
        if (!Ports.localPortRangeSupported()) {
            return Optional.of("the nodes' connections to each other need a port range of their own"
                    + " (IP_LOCAL_PORT_RANGE, Linux 6.3 or later; this kernel is " + System.getProperty("os.version")
                    + ")");
        }
        return dev.brokerbench.process.net.PacketDrop.unavailableReason();
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        if (!Files.isExecutable(SERVER)) {
            return Optional.of("rabbitmq-server is not installed (" + SERVER + " missing): install it with"
                    + " 'apt-get install rabbitmq-server' (the suite starts its own node on private ports and never"
                    + " touches a system node)");
        }
        if (Epmd.executable().isEmpty()) {
            return Optional.of("epmd (Erlang) not found on PATH: install it with 'apt-get install erlang-base'");
        }
        return Instances.unlessPlaceable(environment, Optional.of("its private epmd runs beside the node, outside"
                + " the namespace"));
    }

    /** Starts the node(s); once more on new ports when a port was taken ({@link Instances#onFreePorts}). */
    @Override
    public BrokerInstance start(BrokerEnvironment env) throws BrokerStartException {
        return Instances.onFreePorts(() -> startOnce(env));
    }

    private BrokerInstance startOnce(BrokerEnvironment env) throws BrokerStartException {
        Optional<String> unavailable = unavailableReason(env);
        if (unavailable.isPresent()) {
            throw new BrokerStartException(unavailable.get());
        }
        Path dir = Instances.newDirectory(env, broker().id());
        int[] ports = Ports.freeLoopbackPorts(3 * nodes + 1, List.of());
        int epmdPort = ports[3 * nodes];
        boolean ranged = nodes > 1 && Ports.localPortRangeSupported();
        List<Integer> taken = new ArrayList<>(java.util.Arrays.stream(ports).boxed().toList());
        List<Node> members = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            int amqp = ports[3 * i];
            int from = ranged ? Ports.freeLoopbackRange(DIST_RANGE, taken) : 0;
            for (int p = from; ranged && p < from + DIST_RANGE; p++) {
                taken.add(p);
            }
            members.add(new Node("brokerbench" + amqp + "@localhost", amqp, ports[3 * i + 1], ports[3 * i + 2],
                    epmdPort, from, nodes == 1 ? dir : dir.resolve("node-" + (i + 1))));
        }
        for (Node node : members) {
            Instances.dataDirectory(env, node.dir().resolve("mnesia"));
        }
        ChildProcess epmd;
        String cookie = cookie();
        try {
            for (Node node : members) {
                node.prepare(cookie, members, env.memoryBudgetBytes());
            }
            epmd = Epmd.start(epmdPort, env.distributionDir(), dir, dir.resolve("epmd.log"));
        } catch (IOException e) {
            throw new BrokerStartException("cannot prepare the RabbitMQ node in " + dir + ": " + e.getMessage(), e);
        }
        Map<String, String> settings = settings(env, queueType);
        settings.put("installation", "Debian rabbitmq-server, private node (own HOME, cookie, epmd, ports)");
        BrokerInstance broker;
        if (nodes == 1) {
            broker = Instances.startOrClean(members.get(0).instance(this, env, settings, List.of(epmd)));
        } else {
            settings.put("cluster", nodes + " nodes, classic peer discovery (the node list in each node's config),"
                    + " one Erlang cookie; clients are given every node's address");
            List<LocalCluster.NodeStart> starts = new ArrayList<>();
            for (Node node : members) {
                starts.add(() -> node.instance(this, env, settings, List.of()).start());
            }
            broker = LocalCluster.start(this, starts, members.stream().map(Node::name).toList(),
                    (running, queue) -> leaderOf(members, running, queue), List.of(epmd),
                    ranged ? members.stream().map(Node::links).toList() : List.of(), dir);
        }
        if (queueType == QueueType.QUORUM) {
            try {
                members.get(0).ctl().defaultToQuorumQueues();
            } catch (BrokerStartException e) {
                broker.close();
                throw e;
            }
        }
        return broker;
    }

    /** The quorum queue's leader, as a running node's {@code rabbitmqctl list_queues} says. */
    private static int leaderOf(List<Node> members, List<LocalBrokerInstance> running, String queue)
            throws Exception {
        for (int i = 0; i < members.size(); i++) {
            if (!running.get(i).alive()) {
                continue;
            }
            return leaderIn(members.get(i).ctl().run("list_queues", "name", "leader", "--formatter", "json"), queue,
                    members.stream().map(Node::name).toList());
        }
        throw new IllegalStateException("no node of the cluster runs");
    }

    /**
     * The index in {@code names} of {@code queue}'s leader in {@code listQueues}, what {@code rabbitmqctl
     * list_queues name leader --formatter json} printed.
     */
    static int leaderIn(String listQueues, String queue, List<String> names) throws java.io.IOException {
        for (JsonNode q : JSON.readTree(listQueues)) {
            if (queue.equals(q.path("name").asText())) {
                String leader = q.path("leader").asText();
                int index = names.indexOf(leader);
                if (index < 0) {
                    throw new IllegalStateException("queue " + queue + " is led by " + leader
                            + ", not one of the cluster's nodes " + names);
                }
                return index;
            }
        }
        throw new IllegalStateException("no queue " + queue + " on the cluster (declared before the cell?)");
    }

    /** A fresh Erlang cookie, the same for every node of one broker. */
    private static String cookie() {
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        return HexFormat.of().formatHex(secret).toUpperCase();
    }

    /** The memory budget as RabbitMQ's absolute high watermark (the JVM brokers get it as their heap). */
    public static String watermark(long memoryBytes) {
        return "vm_memory_high_watermark.absolute = " + memoryBytes;
    }

    /** The settings both RabbitMQ runtimes record. */
    public static Map<String, String> settings(BrokerEnvironment env) {
        return settings(env, QueueType.CLASSIC);
    }

    private static Map<String, String> settings(BrokerEnvironment env, QueueType queueType) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("queue", queueType.queue());
        settings.put("persistence", queueType.persistence());
        settings.put("plugins", "rabbitmq_amqp1_0, rabbitmq_stomp");
        settings.put("memory", "vm_memory_high_watermark.absolute = " + env.heap() + " (the JVM brokers' heap):"
                + " publishers blocked above it; messages paged to disk from half of it (paging ratio 0.5)");
        return settings;
    }

    /** Erlang's kernel setting that binds the distribution port to 127.0.0.1 only. */
    static final String LOOPBACK_DISTRIBUTION = "-kernel inet_dist_use_interface {127,0,0,1}";

    /** How many ports a cluster node's own distribution connections may leave from (two peers, reconnections). */
    static final int DIST_RANGE = 16;

    /**
     * Erlang's kernel setting that makes a node's distribution connections to other nodes leave from
     * {@code low..low+DIST_RANGE-1}: the raw socket option IP_LOCAL_PORT_RANGE (level IPPROTO_IP 0, option 51), whose
     * value is one 32-bit word, the highest port in the upper half and the lowest in the lower.
     */
    static String distributionPortRange(int low) {
        long word = ((long) (low + DIST_RANGE - 1) << 16) | low;
        return "-kernel inet_dist_connect_options [{raw,0,51,<<" + word + ":32/native>>}]";
    }

    /**
     * One node: its Erlang name and ports, and its own directory (HOME with the cookie, data, logs, config).
     *
     * @param name      e.g. {@code brokerbench5701@localhost}
     * @param amqpPort  AMQP 0-9-1 and AMQP 1.0
     * @param stompPort STOMP
     * @param distPort  Erlang distribution (node to node, and the CLI)
     * @param epmdPort  the private epmd all of the broker's nodes register with
     * @param distFrom  the lowest port of the range its own distribution connections leave from; 0: any port
     */
    private record Node(String name, int amqpPort, int stompPort, int distPort, int epmdPort, int distFrom,
                        Path dir) {
        /** Writes the node's cookie, config and plugin list; a cluster's nodes list each other for discovery. */
        void prepare(String cookie, List<Node> cluster, long memoryBytes) throws IOException {
            Path home = Files.createDirectories(dir.resolve("home"));
            Path cookieFile = home.resolve(".erlang.cookie");
            Files.writeString(cookieFile, cookie);
            Files.setPosixFilePermissions(cookieFile, PosixFilePermissions.fromString("r--------"));
            Files.createDirectories(dir.resolve("mnesia"));
            Files.createDirectories(dir.resolve("log"));
            List<String> config = new ArrayList<>(List.of(
                    "listeners.tcp.1 = 127.0.0.1:" + amqpPort,
                    "stomp.listeners.tcp.1 = 127.0.0.1:" + stompPort,
                    "loopback_users.guest = true",
                    "log.file.level = info",
                    "log.console = false",
                    watermark(memoryBytes)));
            if (cluster.size() > 1) {
                config.add("cluster_formation.peer_discovery_backend = classic_config");
                for (int i = 0; i < cluster.size(); i++) {
                    config.add("cluster_formation.classic_config.nodes." + (i + 1) + " = " + cluster.get(i).name());
                }
            }
            config.add("");
            Files.writeString(dir.resolve("rabbitmq.conf"), String.join("\n", config));
            Files.writeString(dir.resolve("enabled_plugins"), "[rabbitmq_amqp1_0,rabbitmq_stomp].\n");
            Files.writeString(dir.resolve("rabbitmq-env.conf"), "");
        }

        Map<String, String> environment() {
            Map<String, String> env = new LinkedHashMap<>();
            env.put("HOME", dir.resolve("home").toString());
            env.put("RABBITMQ_NODENAME", name);
            env.put("RABBITMQ_USE_LONGNAME", "false");
            env.put("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1");
            env.put("RABBITMQ_NODE_PORT", String.valueOf(amqpPort));
            env.put("RABBITMQ_DIST_PORT", String.valueOf(distPort));
            env.put("ERL_EPMD_PORT", String.valueOf(epmdPort));
            env.put("ERL_EPMD_ADDRESS", "127.0.0.1");
            env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
            env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
            env.put("RABBITMQ_LOGS", dir.resolve("log").resolve("rabbit.log").toString());
            env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
            env.put("RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString());
            env.put("RABBITMQ_CONF_ENV_FILE", dir.resolve("rabbitmq-env.conf").toString());
            env.put("RABBITMQ_PID_FILE", dir.resolve("rabbit.pid").toString());
            env.put("RABBITMQ_ALLOW_INPUT", "true");
            // the distribution listener (node to node, and the CLI's) on loopback like every other: by default
            // Erlang binds it to every interface
            env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-noinput " + LOOPBACK_DISTRIBUTION
                    + (distFrom > 0 ? " " + distributionPortRange(distFrom) : ""));
            env.put("RABBITMQ_CTL_ERL_ARGS", LOOPBACK_DISTRIBUTION);
            return env;
        }

        /** Its node-to-node ports: the distribution listener, and the range its own connections leave from. */
        dev.brokerbench.process.net.PacketDrop.NodePorts links() {
            return new dev.brokerbench.process.net.PacketDrop.NodePorts(distPort, distFrom, distFrom + DIST_RANGE - 1);
        }

        RabbitMqCtl ctl() {
            return new RabbitMqCtl(name, environment(), dir.resolve("ctl"));
        }

        /** The node as a local instance, not yet started. */
        LocalBrokerInstance instance(BrokerRuntime runtime, BrokerEnvironment env, Map<String, String> settings,
                                     List<ChildProcess> companions) {
            Endpoint amqp091 = Endpoint.loopback(Protocol.AMQP091, amqpPort);
            LocalLaunch launch = new LocalLaunch(Jvm.guarded(env.distributionDir(), dir, List.of(SERVER.toString())),
                    environment(), dir, dir.resolve("console.log"), dir.resolve("log").resolve("rabbit.log"), amqp091,
                    new Amqp091Probe(), STARTED, true).withRunningFacts(runtime.broker().logSignals().runningFacts());
            Map<Protocol, Endpoint> endpoints = Map.of(
                    Protocol.AMQP091, amqp091,
                    Protocol.AMQP, Endpoint.loopback(Protocol.AMQP, amqpPort),
                    Protocol.STOMP, Endpoint.loopback(Protocol.STOMP, stompPort));
            return new LocalBrokerInstance(runtime, launch, endpoints, settings, env, dir, companions);
        }
    }
}
