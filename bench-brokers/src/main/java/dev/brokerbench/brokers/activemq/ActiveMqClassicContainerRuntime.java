package dev.brokerbench.brokers.activemq;

import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.brokers.container.BrokerImages;
import dev.brokerbench.brokers.container.ContainerBrokerInstance;
import dev.brokerbench.brokers.container.ContainerBrokerRuntime;
import dev.brokerbench.brokers.probe.OpenWireHandshakeProbe;
import dev.brokerbench.core.broker.BrokerEnvironment;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.testcontainers.activemq.ActiveMQContainer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * ActiveMQ Classic in its official image ({@code apache/activemq-classic}: the distribution's activemq.xml) or the
 * equivalent built here (the local runtime's launcher, which applies the same defaults). OpenWire on 61616, AMQP on
 * 5672, STOMP on 61613, KahaDB in {@code /opt/apache-activemq/data} on the volume; heap through {@code ACTIVEMQ_OPTS_MEMORY}.
 */
public final class ActiveMqClassicContainerRuntime extends ContainerBrokerRuntime {
    private static final String OFFICIAL = "apache/activemq-classic";

    public ActiveMqClassicContainerRuntime() {
        super(ActiveMqClassicBroker.DESCRIPTOR,
                BrokerImages.withOfficial(ActiveMqClassicBroker.DESCRIPTOR, "activemq.version", OFFICIAL),
                new Layout(Map.of(Protocol.OPENWIRE, 61616, Protocol.AMQP, 5672, Protocol.STOMP, 61613),
                "/opt/apache-activemq/data", ".*Apache ActiveMQ .* started.*",
                Pattern.compile("Apache ActiveMQ ([0-9][^ ]*) \\("), new OpenWireHandshakeProbe(), Protocol.OPENWIRE));
    }

    @Override
    protected GenericContainer<?> newContainer(DockerImageName image, BrokerEnvironment env,
                                               Map<Integer, Integer> hostPorts) {
        return new ActiveMQContainer(image.asCompatibleSubstituteFor(OFFICIAL))
                .withEnv("ACTIVEMQ_OPTS_MEMORY", env.heapPolicy().line(env.heap()));
    }

    @Override
    protected Map<String, String> settings(ContainerBrokerInstance running, BrokerEnvironment env) {
        Map<String, String> s = new LinkedHashMap<>(ActiveMqClassicLocalRuntime.settings(env.heapPolicy().line(env.heap())));
        s.put("installation", "the image's broker with activemq.xml defaults, data on the volume");
        return s;
    }
}
