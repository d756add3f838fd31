package dev.brokerbench.brokers.kafka;

import dev.brokerbench.brokers.container.BrokerImages;
import dev.brokerbench.brokers.container.ContainerBrokerInstance;
import dev.brokerbench.brokers.container.ContainerBrokerRuntime;
import dev.brokerbench.brokers.probe.KafkaApiVersionsProbe;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.Protocol;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Kafka in the official image ({@code apache/kafka}) or the equivalent built here (the same Maven Central jars as
 * the local runtime). Both take the server properties as {@code KAFKA_*} environment variables
 * ({@code log.dirs} -> {@code KAFKA_LOG_DIRS}), format the log directory for {@code CLUSTER_ID} on the first start,
 * and log to the console. Clients connect to 9092, advertised as the port published on the host's loopback; the data
 * is in {@code /var/lib/kafka/data} on the volume.
 */
public class KafkaContainerRuntime extends ContainerBrokerRuntime {
    private static final String OFFICIAL = "apache/kafka";
    private static final int CLIENT_PORT = 9092;
    private static final String DATA = "/var/lib/kafka/data";
    private static final BrokerImages IMAGES = BrokerImages.withOfficial(KafkaDurability.PAGE_CACHE.descriptor(),
            "kafka.version", OFFICIAL);
    private final KafkaDurability durability;

    /** Kafka with its default durability ({@link KafkaDurability#PAGE_CACHE}). */
    public KafkaContainerRuntime() {
        this(KafkaDurability.PAGE_CACHE);
    }

    protected KafkaContainerRuntime(KafkaDurability durability) {
        super(durability.descriptor(), IMAGES.as(durability.descriptor()),
                new Layout(Map.of(Protocol.KAFKA, CLIENT_PORT), DATA, ".*Kafka Server started.*",
                        Pattern.compile("Kafka version: ([0-9][^ \\s]*)"), new KafkaApiVersionsProbe(),
                        Protocol.KAFKA));
        this.durability = durability;
    }

    @Override
    protected GenericContainer<?> newContainer(DockerImageName image, BrokerEnvironment env,
                                               Map<Integer, Integer> hostPorts) {
        int published = hostPorts.get(CLIENT_PORT);
        GenericContainer<?> c = new GenericContainer<>(image)
                .withEnv("CLUSTER_ID", KafkaClusterId.stable("brokerbench-kafka-" + published))
                .withEnv("KAFKA_HEAP_OPTS", KafkaServerConfig.heapOptions(env.heap()));
        KafkaServerConfig.container(CLIENT_PORT, published, DATA, durability)
                .forEach((name, value) -> c.withEnv(environmentName(name), value));
        return c;
    }

    /**
     * The official image's convention: {@code KAFKA_} + the name upper-cased, '.' -> '_', '_' -> '__',
     * '-' -> '___'.
     */
    static String environmentName(String property) {
        return "KAFKA_" + property.replace("-", "\u0000").replace("_", "__").replace(".", "_")
                .replace("\u0000", "___").toUpperCase(Locale.ROOT);
    }

    @Override
    protected Map<String, String> settings(ContainerBrokerInstance running, BrokerEnvironment env) {
        Map<String, String> s = durability.settings(env.heap());
        s.put("installation", "the image's Kafka, server properties as KAFKA_* variables (KafkaServerConfig)");
        return s;
    }
}
