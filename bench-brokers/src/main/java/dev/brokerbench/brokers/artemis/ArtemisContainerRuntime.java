package dev.brokerbench.brokers.artemis;

import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.brokers.container.BrokerImages;
import dev.brokerbench.brokers.container.ContainerBrokerInstance;
import dev.brokerbench.brokers.container.ContainerBrokerRuntime;
import dev.brokerbench.brokers.probe.StompConnectProbe;
import dev.brokerbench.core.broker.BrokerEnvironment;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.testcontainers.activemq.ArtemisContainer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * ActiveMQ Artemis in its official image ({@code apache/activemq-artemis}) or the equivalent built here: the image's
 * entrypoint runs {@code artemis create} on the first start (with the same options as the local runtime: one acceptor
 * for every protocol, autotuned journal, the same heap) into the volume, then {@code artemis run}.
 */
public final class ArtemisContainerRuntime extends ContainerBrokerRuntime {
    private static final String OFFICIAL = "apache/activemq-artemis";
    private static final String INSTANCE = "/var/lib/artemis-instance";

    public ArtemisContainerRuntime() {
        super(ArtemisBroker.DESCRIPTOR,
                BrokerImages.withOfficial(ArtemisBroker.DESCRIPTOR, "artemis.version", OFFICIAL),
                new Layout(sameForAll(ArtemisBroker.DESCRIPTOR, 61616), INSTANCE,
                ".*AMQ221001: Apache ActiveMQ Artemis Message Broker version.*",
                Pattern.compile("Artemis Message Broker version ([0-9][^ ]*)"), new StompConnectProbe(), Protocol.STOMP));
    }

    @Override
    protected GenericContainer<?> newContainer(DockerImageName image, BrokerEnvironment env,
                                               Map<Integer, Integer> hostPorts) {
        return new ArtemisContainer(image.asCompatibleSubstituteFor(OFFICIAL))
                .withUser("admin").withPassword("admin")
                .withEnv("ANONYMOUS_LOGIN", "true")
                .withEnv("EXTRA_ARGS", String.join(" ", "--host", "0.0.0.0", "--default-port", "61616",
                        "--no-amqp-acceptor", "--no-stomp-acceptor", "--no-hornetq-acceptor", "--no-mqtt-acceptor",
                        "--no-web", "--java-memory", env.heap().toUpperCase()))
                .withEnv("JAVA_ARGS_APPEND", env.heapPolicy().line(env.heap()));
    }

    @Override
    protected Map<String, String> settings(ContainerBrokerInstance running, BrokerEnvironment env) {
        Map<String, String> s = new LinkedHashMap<>(ArtemisInstaller.settings(
                running.file(INSTANCE + "/etc/broker.xml"), running.logs()));
        s.put("installation", "the image's artemis create (autotune) + artemis run, instance on the volume");
        s.put("heap", env.heapPolicy().line(env.heap()) + " (after artemis create --java-memory)");
        return s;
    }
}
