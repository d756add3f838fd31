package dev.brokerbench.app.catalog;

import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.spi.DriverFactory;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Brokers and client paths found through {@link ServiceLoader}, in a stable order. Every broker has a local runtime
 * (which also stands for its identity: id, name, protocols) and may have others, e.g. a container runtime.
 */
public final class Catalog {
    private final List<BrokerRuntime> brokers;
    private final List<BrokerRuntime> baselines;
    private final List<BrokerRuntime> runtimes;
    private final List<DriverFactory> paths;

    public Catalog(List<BrokerRuntime> runtimes, List<DriverFactory> paths) {
        this.runtimes = List.copyOf(runtimes);
        this.brokers = runtimes.stream().filter(r -> r.runtime().equals("local") && !r.baseline()).toList();
        this.baselines = runtimes.stream().filter(BrokerRuntime::baseline).toList();
        this.paths = List.copyOf(paths);
    }

    public static Catalog load() {
        return new Catalog(
                ServiceLoader.load(BrokerRuntime.class).stream().map(ServiceLoader.Provider::get).toList(),
                ServiceLoader.load(DriverFactory.class).stream().map(ServiceLoader.Provider::get).toList());
    }

    /** One entry per broker: its local runtime. */
    public List<BrokerRuntime> brokers() {
        return brokers;
    }

    /** The broker-less request/reply baselines (always local processes). */
    public List<BrokerRuntime> baselines() {
        return baselines;
    }

    public List<String> baselineIds() {
        return baselines.stream().map(BrokerRuntime::brokerId).toList();
    }

    public Optional<BrokerRuntime> baseline(String id) {
        return baselines.stream().filter(b -> b.brokerId().equals(id)).findFirst();
    }

    /** The broker's runtime of a kind ({@code local}, {@code container}), if there is one. */
    public Optional<BrokerRuntime> runtime(String brokerId, String kind) {
        return runtimes.stream().filter(r -> r.brokerId().equals(brokerId) && r.runtime().equals(kind)).findFirst();
    }

    public List<DriverFactory> paths() {
        return paths;
    }

    public List<String> brokerIds() {
        return brokers.stream().map(BrokerRuntime::brokerId).toList();
    }

    public List<String> pathIds() {
        return paths.stream().map(DriverFactory::id).toList();
    }

    public Optional<BrokerRuntime> broker(String id) {
        return brokers.stream().filter(b -> b.brokerId().equals(id)).findFirst();
    }

    public Optional<DriverFactory> path(String id) {
        return paths.stream().filter(p -> p.id().equals(id)).findFirst();
    }

    /**
     * The paths run when the user names none: those speaking the broker's first-listed ("native") protocol that are
     * not labelled alternatives.
     */
    public List<DriverFactory> defaultPaths(BrokerRuntime broker) {
        return paths.stream()
                .filter(p -> p.protocol().equals(broker.nativeProtocol()))
                .filter(p -> !p.alternative())
                .toList();
    }

    /** Every path speaking a protocol the broker offers. */
    public List<DriverFactory> compatiblePaths(BrokerRuntime broker) {
        return paths.stream().filter(p -> broker.protocols().contains(p.protocol())).toList();
    }
}
