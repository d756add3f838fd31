package dev.brokerbench.brokers.apollo;

import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.brokers.container.BrokerImages;
import dev.brokerbench.brokers.container.ContainerBrokerInstance;
import dev.brokerbench.brokers.container.ContainerBrokerRuntime;
import dev.brokerbench.brokers.probe.StompConnectProbe;
import dev.brokerbench.core.broker.BrokerEnvironment;
import java.util.Map;
import java.util.regex.Pattern;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * ActiveMQ Apollo (no official image exists; docker/build-images.sh builds one from the Maven Central jars) with the
 * local runtime's apollo.xml, bound to every interface of the container; LevelDB data on the volume.
 */
public final class ApolloContainerRuntime extends ContainerBrokerRuntime {
    private static final int PORT = 61613;

    public ApolloContainerRuntime() {
        super(ApolloBroker.DESCRIPTOR, BrokerImages.localOnly(ApolloBroker.DESCRIPTOR, "apollo.version"),
                new Layout(sameForAll(ApolloBroker.DESCRIPTOR, PORT),
                "/var/lib/apollo/data", ".*Accepting connections at.*", Pattern.compile("Apollo : ([0-9][^ ]*) \\(at:"),
                new StompConnectProbe(), Protocol.STOMP));
    }

    @Override
    @SuppressWarnings("resource")
    protected GenericContainer<?> newContainer(DockerImageName image, BrokerEnvironment env,
                                               Map<Integer, Integer> hostPorts) {
        return new GenericContainer<>(image)
                .withEnv("JAVA_OPTS", env.heapPolicy().line(env.heap()))
                .withCopyToContainer(Transferable.of(ApolloConfiguration.xml("0.0.0.0", PORT)),
                        "/var/lib/apollo/etc/apollo.xml")
                .withCopyToContainer(Transferable.of(ApolloConfiguration.log4j()),
                        "/var/lib/apollo/etc/log4j.properties");
    }

    @Override
    protected Map<String, String> settings(ContainerBrokerInstance running, BrokerEnvironment env) {
        return ApolloConfiguration.settings(env.heapPolicy().line(env.heap()));
    }
}
