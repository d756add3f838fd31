package dev.brokerbench.brokers.container;

import dev.brokerbench.brokers.probe.ReadinessProbe;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
    private final BrokerRuntime identity;
    private final Layout layout;
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
    public record Layout(Map<String, Integer> ports, String dataPath, String startedLine, Pattern versionPattern,
                            ReadinessProbe probe, String probeProtocol) {
    }

    /** @param identity the broker's local runtime: the same id, name and protocols */
    protected ContainerBrokerRuntime(BrokerRuntime identity, Layout layout) {
        this.identity = identity;
        this.layout = layout;
    }

    final Layout layout() {
        return layout;
    }

    /** Every protocol on one port (brokers with one multi-protocol acceptor). */
    protected static Map<String, Integer> sameForAll(Set<String> protocols, int port) {
        Map<String, Integer> ports = new java.util.TreeMap<>();
        protocols.forEach(p -> ports.put(p, port));
        return ports;
    }

    @Override
    public final String brokerId() {
        return identity.brokerId();
    }

    @Override
    public final String displayName() {
        return identity.displayName();
    }

    @Override
    public final String runtime() {
        return "container";
    }

    @Override
    public final java.util.Map<String, Pattern> pressureSignals() {
        return identity.pressureSignals();
    }

    @Override
    public final java.util.Optional<Pattern> recoveryStatement() {
        return identity.recoveryStatement();
    }

    @Override
    public final java.util.Map<String, Pattern> runningFacts() {
        return identity.runningFacts();
    }

    @Override
    public final Set<String> protocols() {
        return identity.protocols();
    }

    @Override
    public final String nativeProtocol() {
        return identity.nativeProtocol();
    }

    /** A configured container for the image (environment, files, command); ports and volume are added by the caller. */
    protected abstract GenericContainer<?> newContainer(DockerImageName image, BrokerEnvironment env);

    /** Settings in force, read from the running container where the broker writes them. */
    protected abstract Map<String, String> settings(ContainerBrokerInstance running, BrokerEnvironment env);

    /** The image chosen for this broker (see {@link BrokerImages#choose}). */
    public synchronized BrokerImages.Choice image() {
        if (choice == null) {
            choice = BrokerImages.choose(brokerId(), i -> DockerEngine.imageId(i).isPresent());
        }
        return choice;
    }

    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        Optional<String> engine = DockerEngine.unavailableReason();
        if (engine.isPresent()) {
            return engine;
        }
        String image = image().image();
        if (DockerEngine.imageId(image).isPresent() || DockerEngine.pull(image, PULL_TIMEOUT)) {
            return Optional.empty();
        }
        String local = BrokerImages.localBuild(brokerId()).orElse("-");
        return Optional.of("image " + image + " is not in the Docker engine and could not be pulled (no registry"
                + " reachable?): build " + local + " with docker/build-images.sh " + brokerId()
                + ", or name another with --image " + brokerId() + "=NAME:TAG (-D" + BrokerImages.PROPERTY_PREFIX
                + brokerId() + "=NAME:TAG)");
    }

    @Override
    public BrokerInstance start(BrokerEnvironment environment) throws BrokerStartException {
        Optional<String> unavailable = unavailableReason(environment);
        if (unavailable.isPresent()) {
            throw new BrokerStartException(displayName() + " cannot start in a container: " + unavailable.get());
        }
        return ContainerBrokerInstance.start(this, environment, image());
    }
}
