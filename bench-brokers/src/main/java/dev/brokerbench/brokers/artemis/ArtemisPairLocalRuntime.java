package dev.brokerbench.brokers.artemis;

import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.brokers.local.LocalBrokerInstance;
import dev.brokerbench.brokers.local.LocalCluster;
import dev.brokerbench.brokers.local.LocalLaunch;
import dev.brokerbench.brokers.probe.StompConnectProbe;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An Artemis primary/backup pair with replication, from the official distribution: two instances made by
 * {@code artemis create --clustered --replicated} (the second with {@code --backup}), each listing the other as its
 * static cluster connector. The backup copies the primary's journal as it is written and takes over (after the
 * pair's quorum vote) when the primary dies; its acceptor opens only then. The primary is created with
 * {@code check-for-active-server}, so that a primary started again after a failover finds the server that took over
 * and becomes its synchronized backup instead of a second active server on an old journal.
 *
 * <p>A node is ready when the log of its start says it is active or that it is a backup synchronized with the active
 * server; the pair is ready when the primary is active and the backup synchronized. The node leading every queue is
 * the active one: the one whose acceptor answers.
 */
public final class ArtemisPairLocalRuntime implements BrokerRuntime {
    /** This start's log says the server is active (AMQ221007) or a synchronized backup (AMQ221024). */
    private static final Pattern READY = Pattern.compile(
            "(?s)^(?=.*(?:AMQ221007|AMQ221024)).*Artemis (?:Message Broker|Backup Server) version ([0-9][^ ]*)");
    private static final List<String> NAMES = List.of("primary", "backup");

    @Override
    public BrokerDescriptor broker() {
        return ArtemisBroker.PAIR;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.LOCAL;
    }

    @Override
    public int nodes() {
        return 2;
    }

    /** The backup replicates over the primary's one acceptor, the clients' port: a cut there cuts the clients too. */
    @Override
    public Optional<String> nodeCutUnavailable() {
        return Optional.of("the backup replicates the primary's journal over the acceptor port the clients use, from a"
                + " port the JVM picks: no rule can cut one without the other");
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        return Instances.unlessPresent(ArtemisInstaller.home(environment.distributionDir()).isPresent(),
                "Artemis distribution", environment.distributionDir().resolve("artemis"))
                .or(() -> Instances.unlessPlaceable(environment, Optional.of("the pair's servers reach each other"
                        + " over loopback")));
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
        Path home = ArtemisInstaller.home(env.distributionDir()).orElseThrow();
        Path dir = Instances.newDirectory(env.workRoot(), broker().id());
        int[] ports = Ports.freeLoopbackPorts(2, List.of());
        byte[] secret = new byte[12];
        new SecureRandom().nextBytes(secret);
        String clusterPassword = HexFormat.of().formatHex(secret);
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i < 2; i++) {
            List<String> pair = new ArrayList<>(List.of("--clustered", "--replicated",
                    "--cluster-user", "brokerbench-cluster", "--cluster-password", PASSWORD_PLACEHOLDER,
                    "--staticCluster", "tcp://127.0.0.1:" + ports[1 - i]));
            if (i == 1) {
                pair.add("--backup");
            }
            Path nodeDir = dir.resolve(NAMES.get(i));
            Path instance = nodeDir.resolve("instance");
            try {
                Files.createDirectories(nodeDir);
                Map<String, String> created = ArtemisInstaller.create(home, instance, ports[i], env.heap(),
                        nodeDir.resolve("create.log"), env.startTimeout(), pair);
                // the password goes into broker.xml here, never on a command line (any user's ps shows those)
                clusterPassword(instance.resolve("etc").resolve("broker.xml"), clusterPassword);
                if (i == 0) {
                    checkForActiveServer(instance.resolve("etc").resolve("broker.xml"));
                    settings.putAll(created);
                }
            } catch (BrokerStartException | IOException e) {
                dev.brokerbench.process.Cleanup.deleteNow(dir);
                throw e instanceof BrokerStartException b ? b
                        : new BrokerStartException("cannot prepare the pair in " + dir + ": " + e.getMessage(), e);
            }
        }
        settings.put("heap", env.heapPolicy().line(env.heap()) + " per server (after artemis create --java-memory)");
        settings.put("ha-policy", "replication: primary (check-for-active-server, vote-on-replication-failure)"
                + " and backup; the backup takes over when the primary dies, a restarted primary becomes the"
                + " backup of the server that took over (no failback)");
        settings.put("persistence", settings.get("persistence") + "; confirmed once the backup has the write too"
                + " (replication)");
        List<LocalCluster.NodeStart> starts = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path nodeDir = dir.resolve(NAMES.get(i));
            LocalLaunch launch = ArtemisLocalRuntime.launch(this, env, nodeDir, nodeDir.resolve("instance"), ports[i],
                    endpoint -> true, READY);
            Map<Protocol, Endpoint> endpoints = Endpoint.loopback(broker().protocols(), ports[i]);
            starts.add(() -> new LocalBrokerInstance(this, launch, endpoints, settings, env, nodeDir).start());
        }
        return LocalCluster.start(this, starts, NAMES, ArtemisPairLocalRuntime::active, List.of(), List.of(), dir);
    }

    /** The active server: the one whose acceptor answers (a backup's opens only when it takes over). */
    private static int active(List<LocalBrokerInstance> nodes, String queue) {
        StompConnectProbe probe = new StompConnectProbe();
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).alive() && probe.ready(nodes.get(i).endpoint(Protocol.CORE))) {
                return i;
            }
        }
        throw new IllegalStateException("neither server of the pair accepts clients");
    }

    /** What artemis create is told as the cluster password; the real one replaces it in broker.xml. */
    static final String PASSWORD_PLACEHOLDER = "brokerbench-cluster-password-placeholder";

    /** Puts the pair's cluster password in place of {@link #PASSWORD_PLACEHOLDER} in {@code brokerXml}. */
    static void clusterPassword(Path brokerXml, String password) throws IOException, BrokerStartException {
        String xml = Files.readString(brokerXml, StandardCharsets.UTF_8);
        String placeholder = "<cluster-password>" + PASSWORD_PLACEHOLDER + "</cluster-password>";
        if (!xml.contains(placeholder)) {
            throw new BrokerStartException("artemis create wrote no " + placeholder + " in " + brokerXml);
        }
        Files.writeString(brokerXml, xml.replace(placeholder, "<cluster-password>" + password
                + "</cluster-password>"), StandardCharsets.UTF_8);
    }

    /** The primary's ha-policy gets {@code check-for-active-server}, which artemis create does not write. */
    static void checkForActiveServer(Path brokerXml) throws IOException, BrokerStartException {
        String xml = Files.readString(brokerXml, StandardCharsets.UTF_8);
        String primary = "<primary>";
        if (!xml.contains(primary)) {
            throw new BrokerStartException("artemis create wrote no replication <primary> policy in " + brokerXml);
        }
        Files.writeString(brokerXml, xml.replaceFirst(primary,
                primary + "\n               <check-for-active-server>true</check-for-active-server>"),
                StandardCharsets.UTF_8);
    }
}
