package dev.brokerbench.brokers.kafka;

import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.brokers.local.LocalBrokerInstance;
import dev.brokerbench.brokers.local.LocalLaunch;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.process.Ports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Apache Kafka in KRaft mode (the server jars from Maven Central, in broker-dist's {@code kafka/}) as a local
 * process: {@code kafka-storage format --standalone} of a fresh log directory, then {@code kafka.Kafka} with the
 * one-node server properties of {@link KafkaServerConfig}, Kafka's own JVM options, the lifeline agent.
 */
public class KafkaLocalRuntime implements BrokerRuntime {
    private final KafkaDurability durability;
    private final List<KafkaSecureListener> secure;

    /** Kafka with its default durability ({@link KafkaDurability#PAGE_CACHE}). */
    public KafkaLocalRuntime() {
        this(KafkaDurability.PAGE_CACHE);
    }

    /**
     * Kafka with its default durability that also serves clients on {@code secure} listeners (TLS and a SASL login,
     * as a Kafka users run), besides the plain one its endpoint names.
     */
    public KafkaLocalRuntime(List<KafkaSecureListener> secure) {
        this.durability = KafkaDurability.PAGE_CACHE;
        this.secure = List.copyOf(secure);
    }

    protected KafkaLocalRuntime(KafkaDurability durability) {
        this.durability = durability;
        this.secure = List.of();
    }

    private static Path home(Path distributionDir) {
        return distributionDir.resolve("kafka");
    }

    @Override
    public BrokerDescriptor broker() {
        return durability.descriptor();
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.LOCAL;
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        Path lib = home(environment.distributionDir()).resolve("lib");
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
        Path home = home(env.distributionDir());
        Path dir = Instances.newDirectory(env, broker().id());
        // apart from the secure listeners' ports, picked by the caller and not bound yet
        int[] ports = Ports.freeLoopbackPorts(2, secure.stream().map(KafkaSecureListener::port).toList());
        int port = ports[0];
        int controllerPort = ports[1];
        Path config = dir.resolve("server.properties");
        KafkaProcess.writeProperties(config, KafkaServerConfig.local("127.0.0.1", port, controllerPort,
                Instances.dataDirectory(env, dir.resolve("data")).toString(), durability, secure));
        List<String> format = new ArrayList<>(List.of("--standalone", "--cluster-id", KafkaClusterId.random()));
        format.addAll(KafkaSecureListener.formatArguments(secure));
        KafkaProcess.format(home, dir, config, format, env.startTimeout());
        Endpoint endpoint = Endpoint.loopback(Protocol.KAFKA, port);
        LocalLaunch launch = KafkaProcess.launch(env, home, dir, config, endpoint);
        Map<String, String> settings = durability.settings(env.heap());
        settings.put("installation", "kafka_2.13 and its dependencies from Maven Central, kafka-storage format"
                + " --standalone, kafka.Kafka server.properties");
        secure.forEach(l -> settings.put("listener " + l.name(), "SASL_SSL on 127.0.0.1:" + l.port() + " ("
                + String.join(", ", KafkaSecureListener.MECHANISMS) + (l.clientTrustStore().isPresent()
                ? "; client certificate required" : "") + ")"));
        return Instances.startOrClean(new LocalBrokerInstance(this, launch, Map.of(Protocol.KAFKA, endpoint), settings,
                env, dir));
    }
}
