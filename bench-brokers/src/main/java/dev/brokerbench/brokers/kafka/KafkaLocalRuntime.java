package dev.brokerbench.brokers.kafka;

import dev.brokerbench.brokers.local.Instances;
import dev.brokerbench.brokers.local.LocalBrokerInstance;
import dev.brokerbench.brokers.local.LocalCommand;
import dev.brokerbench.brokers.local.LocalLaunch;
import dev.brokerbench.brokers.probe.KafkaApiVersionsProbe;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.Ports;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

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

    @Override
    public BrokerInstance start(BrokerEnvironment env) throws BrokerStartException {
        Path home = home(env.distributionDir());
        Path dir = Instances.newDirectory(env.workRoot(), broker().id());
        // apart from the secure listeners' ports, picked by the caller and not bound yet
        int[] ports = Ports.freeLoopbackPorts(2, secure.stream().map(KafkaSecureListener::port).toList());
        int port = ports[0];
        int controllerPort = ports[1];
        Path config = dir.resolve("server.properties");
        writeProperties(config, KafkaServerConfig.local("127.0.0.1", port, controllerPort,
                dir.resolve("data").toString(), durability, secure));
        Path logs = dir.resolve("logs");
        // what the storage tool and the server share: the jars and the logging
        List<String> classpath = List.of(
                "-Dlog4j2.configurationFile=" + home.resolve("config").resolve("log4j2.properties"),
                "-Dkafka.logs.dir=" + logs, "-cp", home.resolve("lib") + "/*");
        List<String> format = new ArrayList<>(List.of(Jvm.javaExecutable()));
        format.addAll(classpath);
        format.addAll(List.of("kafka.tools.StorageTool", "format", "--standalone", "--cluster-id",
                KafkaClusterId.random(), "--config", config.toString()));
        format.addAll(KafkaSecureListener.formatArguments(secure));
        LocalCommand.run("kafka-storage format", format, dir, dir.resolve("format.log"), env.startTimeout());

        List<String> command = new ArrayList<>(List.of(Jvm.javaExecutable()));
        command.addAll(Arrays.asList(KafkaServerConfig.heapOptions(env.heap()).split(" ")));
        command.addAll(Arrays.asList(KafkaServerConfig.JVM_PERFORMANCE_OPTIONS.split(" ")));
        command.add(Jvm.lifelineAgent(env.distributionDir(), dir));
        command.addAll(classpath);
        command.addAll(List.of(KafkaServerConfig.MAIN, config.toString()));
        Endpoint endpoint = Endpoint.loopback(Protocol.KAFKA, port);
        LocalLaunch launch = new LocalLaunch(command, Map.of(), dir, dir.resolve("console.log"),
                logs.resolve("server.log"), endpoint, new KafkaApiVersionsProbe(), KafkaServerConfig.STARTED);
        Map<String, String> settings = durability.settings(env.heap());
        settings.put("installation", "kafka_2.13 and its dependencies from Maven Central, kafka-storage format"
                + " --standalone, kafka.Kafka server.properties");
        secure.forEach(l -> settings.put("listener " + l.name(), "SASL_SSL on 127.0.0.1:" + l.port() + " ("
                + String.join(", ", KafkaSecureListener.MECHANISMS) + (l.clientTrustStore().isPresent()
                ? "; client certificate required" : "") + ")"));
        return Instances.startOrClean(new LocalBrokerInstance(this, launch, Map.of(Protocol.KAFKA, endpoint), settings,
                env, dir));
    }

    private static void writeProperties(Path file, Map<String, String> values) throws BrokerStartException {
        Properties p = new Properties();
        p.putAll(values);
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(w, "written by brokerbench (KafkaServerConfig)");
        } catch (IOException e) {
            throw new BrokerStartException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
