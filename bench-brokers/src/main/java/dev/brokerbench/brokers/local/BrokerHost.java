package dev.brokerbench.brokers.local;

import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.LinkRate;
import dev.brokerbench.core.broker.NetworkPath;
import dev.brokerbench.process.Jvm;
import dev.brokerbench.process.net.NetworkNamespace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * A local broker's own host: the network namespace it runs in, its ports published at the namespace's address under
 * the run's network conditions.
 */
final class BrokerHost {
    private final NetworkNamespace namespace;
    private final NetworkPath path;

    private BrokerHost(NetworkNamespace namespace, NetworkPath path) {
        this.namespace = namespace;
        this.path = path;
    }

    /** Makes the namespace and publishes every port of {@code endpoints} and the probe's. */
    static BrokerHost create(BrokerEnvironment env, Collection<Endpoint> endpoints, Endpoint probe, Path instanceDir)
            throws IOException {
        NetworkPath path = env.network();
        NetworkNamespace namespace = NetworkNamespace.create(path.rate().map(LinkRate::bitsPerSecond)
                .map(OptionalLong::of).orElse(OptionalLong.empty()));
        try {
            Set<Integer> ports = new TreeSet<>();
            endpoints.forEach(e -> ports.add(e.port()));
            ports.add(probe.port());
            Path lifeline = env.distributionDir().resolve("lifeline.jar");
            List<String> relayJvm = List.of(Jvm.javaExecutable(), "-Xmx64m", "-javaagent:" + lifeline,
                    "-cp", lifeline.toString());
            namespace.publish(ports, path.addedRtt(), relayJvm, instanceDir.resolve("delay-relay.log"));
            return new BrokerHost(namespace, path);
        } catch (IOException | RuntimeException e) {
            namespace.close();
            throw e;
        }
    }

    NetworkNamespace namespace() {
        return namespace;
    }

    /** The same endpoint at the namespace's address. */
    Endpoint reach(Endpoint endpoint) {
        return new Endpoint(endpoint.protocol(), namespace.address(), endpoint.port(), endpoint.credentials(),
                endpoint.tls());
    }

    /** For the broker's settings, e.g. {@code namespace brokerbench-123-1 at 10.213.4.2, +1.0 ms RTT, 100mbit}. */
    String describe() {
        return path.describe() + " (" + namespace.name() + " at " + namespace.address() + ")";
    }
}
