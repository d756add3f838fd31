package dev.brokerbench.brokers.external;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.broker.UnmanagedInstance;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.List;

/**
 * A broker the user runs elsewhere (another host, a cluster), given by its endpoints. The suite connects to it and
 * never starts, kills or cleans it: fault workloads do not run on it. Queues keep the workloads' names; messages
 * other runs left there are counted as foreign (the stamps tell), never as received. Only the protocols given are
 * offered.
 */
public final class ExternalBrokerRuntime implements BrokerRuntime {
    private final BrokerDescriptor broker;
    private final Map<Protocol, Endpoint> endpoints;

    /** @param endpoints where the broker listens, per protocol it offers (a subset of the broker's) */
    public ExternalBrokerRuntime(BrokerDescriptor broker, Map<Protocol, Endpoint> endpoints) {
        this.broker = broker;
        this.endpoints = Map.copyOf(endpoints);
    }

    @Override
    public BrokerDescriptor broker() {
        return broker;
    }

    @Override
    public RuntimeKind kind() {
        return RuntimeKind.EXTERNAL;
    }

    /** Only the protocols given, in the broker's order. */
    @Override
    public List<Protocol> protocols() {
        return broker.protocols().stream().filter(endpoints::containsKey).toList();
    }

    /** Empty when every endpoint accepts a TCP connection. */
    @Override
    public Optional<String> unavailableReason(BrokerEnvironment environment) {
        for (Endpoint e : endpoints.values()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(e.host(), e.port()), 5_000);
            } catch (IOException ex) {
                return Optional.of("external " + broker.displayName() + " does not accept connections on " + e.url()
                        + " (" + ex.getMessage() + ")");
            }
        }
        return Optional.empty();
    }

    @Override
    public BrokerInstance start(BrokerEnvironment environment) {
        Map<String, String> settings = new LinkedHashMap<>();
        endpoints.forEach((p, e) -> settings.put("endpoint " + p, e.url()));
        settings.put("persistence", "as configured by its operator (not controlled by the suite)");
        BrokerInfo info = new BrokerInfo(broker.id(), broker.displayName(), "unknown (external)", kind(), settings, 0);
        return new UnmanagedInstance(info, endpoints, "external " + broker.displayName() + " (as given by --url)");
    }
}
