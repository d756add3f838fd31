package dev.brokerbench.brokers.container;

import dev.brokerbench.brokers.probe.ReadinessProbe;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * A broker in a container, managed by Testcontainers: ports published on 127.0.0.1 only, data on a named volume so
 * that kill -9 and a restart keep it, the same readiness rule as the local runtime (the broker's "started" log line,
 * then a protocol-level probe). Subclasses say how their broker's image is configured.
 */
public abstract class ContainerBrokerRuntime implements BrokerRuntime {
    static final Duration PULL_TIMEOUT = Duration.ofMinutes(5);
    private final BrokerDescriptor broker;
    private final Layout layout;
    private final BrokerImages images;
    private BrokerImages.Choice choice;

    /**
     * Where the broker listens and keeps its data inside the container, and how it shows it is ready.
     *
     * @param ports          protocol to port inside the container
     * @param dataPath       where the broker keeps its data (the volume is mounted there)
     * @param startedLine    a single log line (Java regex for the whole line) the broker writes once it has started
     * @param versionPattern the broker's version in its log: group 1
     * @param probe          the protocol-level readiness probe
     * @param probeProtocol  the protocol it probes
     */
    public record Layout(Map<Protocol, Integer> ports, String dataPath, String startedLine, Pattern versionPattern,
                         ReadinessProbe probe, Protocol probeProtocol) {
    }

    /**
     * @param broker the broker this runtime starts
     * @param images the images that run it
     * @param layout where it listens and keeps its data inside the container
     */
    protected ContainerBrokerRuntime(BrokerDescriptor broker, BrokerImages images, Layout layout) {
        if (!images.brokerId().equals(broker.id())) {
            throw new IllegalArgumentException("images are for broker '" + images.brokerId() + "', not '"
                    + broker.id() + "'");
        }
        this.broker = broker;
        this.images = images;
        this.layout = layout;
    }

    /** The images that can run this broker (the one in use: {@link #image()}). */
    public final BrokerImages images() {
        return images;
    }

    final Layout layout() {
        return layout;
    }

    /** Every protocol of the broker on one port (brokers with one multi-protocol acceptor). */
    protected static Map<Protocol, Integer> sameForAll(BrokerDescriptor broker, int port) {
        Map<Protocol, Integer> ports = new java.util.TreeMap<>();
        broker.protocols().forEach(p -> ports.put(p, port));
        return ports;
    }

    @Override
    public final BrokerDescriptor broker() {
        return broker;
    }

    @Override
    public final RuntimeKind kind() {
        return RuntimeKind.CONTAINER;
    }

    /**
     * A configured container for the image (environment, files, command); ports and volume are added by the caller.
     *
     * @param hostPorts container port to the host port it is published on (fixed for the instance's life), for a
     *                  broker that tells its clients where to connect (Kafka's advertised listeners)
     */
    protected abstract GenericContainer<?> newContainer(DockerImageName image, BrokerEnvironment env,
                                                        Map<Integer, Integer> hostPorts);

    /** Settings in force, read from the running container where the broker writes them. */
    protected abstract Map<String, String> settings(ContainerBrokerInstance running, BrokerEnvironment env);

    /** The image chosen for this broker (see {@link BrokerImages#choose}). */
    public synchronized BrokerImages.Choice image() {
        if (choice == null) {
            choice = images.choose(i -> DockerEngine.imageId(i).isPresent());
        }
        return choice;
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        Optional<String> placement = dev.brokerbench.brokers.local.Instances.unlessPlaceable(environment,
                Optional.of("a container is reached through a host port on loopback"));
        if (placement.isPresent()) {
            return placement;
        }
        Optional<String> engine = DockerEngine.unavailableReason();
        if (engine.isPresent()) {
            return engine;
        }
        String image = image().image();
        if (DockerEngine.imageId(image).isPresent() || DockerEngine.pull(image, PULL_TIMEOUT)) {
            return Optional.empty();
        }
        return Optional.of("image " + image + " is not in the Docker engine and could not be pulled (no registry"
                + " reachable?): build " + images.localBuild() + " with docker/build-images.sh " + broker.id()
                + ", or name another with --image " + broker.id() + "=NAME:TAG (-D" + BrokerImages.PROPERTY_PREFIX
                + broker.id() + "=NAME:TAG)");
    }

    @Override
    public BrokerInstance start(BrokerEnvironment environment) throws BrokerStartException {
        Optional<String> unavailable = unavailableReason(environment);
        if (unavailable.isPresent()) {
            throw new BrokerStartException(broker.displayName() + " cannot start in a container: " + unavailable.get());
        }
        return ContainerBrokerInstance.start(this, environment, image());
    }
}
