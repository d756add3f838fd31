package dev.brokerbench.brokers.rabbitmq;

import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.brokers.container.BrokerImages;
import dev.brokerbench.brokers.container.ContainerBrokerInstance;
import dev.brokerbench.brokers.container.ContainerBrokerRuntime;
import dev.brokerbench.brokers.probe.Amqp091Probe;
import dev.brokerbench.core.broker.BrokerEnvironment;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.rabbitmq.RabbitMQContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * RabbitMQ in its official image ({@code rabbitmq}) or the equivalent built here from Debian's package. The same
 * plugins and listeners as the local runtime; the container's hostname is fixed, because the node's data directory on
 * the volume is named after it (a restarted container with another hostname would start empty).
 */
public final class RabbitMqContainerRuntime extends ContainerBrokerRuntime {
    private static final String OFFICIAL = "rabbitmq";
    private static final String CONFIG = "/etc/rabbitmq/brokerbench.conf";

    public RabbitMqContainerRuntime() {
        super(RabbitMqBroker.DESCRIPTOR,
                BrokerImages.withOfficial(RabbitMqBroker.DESCRIPTOR, "rabbitmq.version", OFFICIAL),
                new Layout(Map.of(Protocol.AMQP091, 5672, Protocol.AMQP, 5672, Protocol.STOMP, 61613),
                "/var/lib/rabbitmq", ".*Server startup complete.*",
                Pattern.compile("Starting RabbitMQ ([0-9][^ ]*) on Erlang"), new Amqp091Probe(), Protocol.AMQP091));
    }

    @Override
    protected GenericContainer<?> newContainer(DockerImageName image, BrokerEnvironment env,
                                               Map<Integer, Integer> hostPorts) {
        return new RabbitMQContainer(image.asCompatibleSubstituteFor(OFFICIAL))
                .withEnv("RABBITMQ_CONFIG_FILE", CONFIG)
                .withCopyToContainer(Transferable.of(String.join("\n",
                        "listeners.tcp.default = 5672",
                        "stomp.listeners.tcp.1 = 61613",
                        "loopback_users.guest = false",
                        "log.console = true",
                        "log.console.level = info",
                        RabbitMqLocalRuntime.watermark(env.memoryBudgetBytes()),
                        "")), CONFIG)
                .withCopyToContainer(Transferable.of("[rabbitmq_amqp1_0,rabbitmq_stomp].\n"),
                        "/etc/rabbitmq/enabled_plugins");
    }

    @Override
    protected Map<String, String> settings(ContainerBrokerInstance running, BrokerEnvironment env) {
        Map<String, String> s = new LinkedHashMap<>(RabbitMqLocalRuntime.settings(env));
        s.put("installation", "the image's rabbitmq-server, fixed hostname, node data on the volume");
        return s;
    }
}
