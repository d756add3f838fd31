package dev.brokerbench.app.catalog;

import dev.brokerbench.brokers.external.ExternalBrokerRuntime;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.spi.Catalog;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Which runtime starts a broker: one {@link RuntimeKind}, or {@code auto}: the container where a Docker engine
 * answers and the broker's image is present or pullable, otherwise the local process. Baselines always run locally.
 */
public final class RuntimeChoice {
    /** The value of {@code --runtime} that lets each broker's availability decide. */
    public static final String AUTO = "auto";
    private final Catalog catalog;
    private final Optional<RuntimeKind> kind;
    private final Map<String, Map<Protocol, Endpoint>> urls;

    /**
     * @param kind the runtime every broker runs in; empty for {@code auto}
     * @param urls per broker id, the external broker's endpoints by protocol ({@link RuntimeKind#EXTERNAL} only)
     */
    public RuntimeChoice(Catalog catalog, Optional<RuntimeKind> kind, Map<String, Map<Protocol, Endpoint>> urls) {
        this.catalog = catalog;
        this.kind = kind;
        this.urls = Map.copyOf(urls);
    }

    /** {@code auto} (empty) or a runtime kind; an error listing the allowed values otherwise. */
    public static Optional<RuntimeKind> parse(String value) {
        if (value.equals(AUTO)) {
            return Optional.empty();
        }
        try {
            return Optional.of(RuntimeKind.of(value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown value '" + value + "'; allowed: " + allowed());
        }
    }

    /** {@code auto, local, container, external}. */
    public static String allowed() {
        return AUTO + ", " + RuntimeKind.allowed();
    }

    /**
     * The runtime for one broker.
     *
     * @param note told why {@code auto} did not choose the container
     */
    public BrokerRuntime choose(String brokerId, BrokerEnvironment env, Consumer<String> note) {
        BrokerDescriptor broker = catalog.broker(brokerId)
                .orElseThrow(() -> new IllegalArgumentException("unknown broker '" + brokerId + "'"));
        if (broker.role() == BrokerDescriptor.Role.BASELINE) {
            return required(broker, RuntimeKind.LOCAL);
        }
        if (urls.containsKey(brokerId)) {
            return new ExternalBrokerRuntime(broker, urls.get(brokerId));
        }
        if (configuredExternally(catalog, brokerId)) {
            return catalog.runtime(brokerId, RuntimeKind.EXTERNAL).orElseThrow();
        }
        if (kind.isPresent()) {
            return kind.get() == RuntimeKind.EXTERNAL
                    ? new ExternalBrokerRuntime(broker, urls.getOrDefault(brokerId, Map.of()))
                    : required(broker, kind.get());
        }
        Optional<BrokerRuntime> container = catalog.runtime(brokerId, RuntimeKind.CONTAINER);
        Optional<BrokerRuntime> local = catalog.runtime(brokerId, RuntimeKind.LOCAL);
        if (container.isEmpty() || local.isEmpty()) {
            return container.or(() -> local).orElseThrow();
        }
        Optional<String> why;
        try {
            why = container.get().unavailableReason(env);
        } catch (RuntimeException e) { // a Docker client error: the local process serves instead
            why = Optional.of("the container runtime could not tell whether it can run here (" + e + ")");
        }
        if (why.isEmpty()) {
            return container.get();
        }
        note.accept("runtime auto: " + broker.displayName() + " runs as a local process, not in a container: "
                + why.get());
        return local.get();
    }

    /**
     * True for a broker whose only runtime is an external one the run was given (a JMS provider through JNDI): it runs
     * as configured whatever {@code --runtime} says, and needs no {@code --url}.
     */
    public static boolean configuredExternally(Catalog catalog, String brokerId) {
        return catalog.kinds(brokerId).equals(java.util.List.of(RuntimeKind.EXTERNAL));
    }

    private BrokerRuntime required(BrokerDescriptor broker, RuntimeKind wanted) {
        return catalog.runtime(broker.id(), wanted).orElseThrow(() -> new IllegalStateException(
                broker.displayName() + " has no " + wanted + " runtime; it has " + catalog.kinds(broker.id())));
    }
}
