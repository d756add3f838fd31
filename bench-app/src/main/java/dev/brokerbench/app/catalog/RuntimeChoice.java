package dev.brokerbench.app.catalog;

import dev.brokerbench.brokers.external.ExternalBrokerRuntime;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Which runtime starts a broker: {@code local} (a process here), {@code container} (Testcontainers), {@code external}
 * (a broker the user runs elsewhere, given by URLs) or {@code auto}: the container where a Docker engine answers and
 * the broker's image is present or pullable, otherwise the local process.
 */
public final class RuntimeChoice {
    public static final List<String> KINDS = List.of("auto", "local", "container", "external");
    private final Catalog catalog;
    private final String kind;
    private final Map<String, Map<String, Endpoint>> urls;

    /** @param urls per broker id, the external broker's endpoints by protocol ({@code external} only) */
    public RuntimeChoice(Catalog catalog, String kind, Map<String, Map<String, Endpoint>> urls) {
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("runtime '" + kind + "'; allowed: " + String.join(", ", KINDS));
        }
        this.catalog = catalog;
        this.kind = kind;
        this.urls = Map.copyOf(urls);
    }

    /**
     * The runtime for one broker.
     *
     * @param note told why {@code auto} did not choose the container
     */
    public BrokerRuntime choose(String brokerId, BrokerEnvironment env, Consumer<String> note) {
        BrokerRuntime local = catalog.broker(brokerId)
                .orElseThrow(() -> new IllegalArgumentException("unknown broker '" + brokerId + "'"));
        switch (kind) {
            case "local":
                return local;
            case "external":
                return new ExternalBrokerRuntime(local, urls.getOrDefault(brokerId, Map.of()));
            case "container":
                return catalog.runtime(brokerId, "container").orElseThrow(() -> new IllegalStateException(
                        local.displayName() + " has no container runtime"));
            default:
                Optional<BrokerRuntime> container = catalog.runtime(brokerId, "container");
                if (container.isEmpty()) {
                    return local;
                }
                Optional<String> why = container.get().unavailableReason(env);
                if (why.isEmpty()) {
                    return container.get();
                }
                note.accept("runtime auto: " + local.displayName() + " runs as a local process, not in a container: "
                        + why.get());
                return local;
        }
    }
}
