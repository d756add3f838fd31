package dev.brokerbench.core.spi;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.RuntimeKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The brokers, baselines and client paths registered through {@link ServiceLoader} (the context class loader's), in
 * registration order: the one place anything is looked up by id. A broker is known by its runtimes, which all
 * refer to its one {@link BrokerDescriptor}.
 */
public final class Catalog {
    private final List<BrokerRuntime> runtimes;
    private final List<BrokerDescriptor> systems;
    private final List<DriverFactory> paths;

    public Catalog(List<BrokerRuntime> runtimes, List<DriverFactory> paths) {
        this.runtimes = List.copyOf(runtimes);
        Map<String, BrokerDescriptor> byId = new LinkedHashMap<>();
        for (BrokerRuntime r : runtimes) {
            BrokerDescriptor known = byId.putIfAbsent(r.broker().id(), r.broker());
            if (known != null && known != r.broker()) {
                throw new IllegalStateException("two descriptors for broker '" + known.id() + "': each runtime of a"
                        + " broker must refer to the broker's one descriptor (" + r.getClass().getName() + ")");
            }
        }
        this.systems = List.copyOf(byId.values());
        Map<String, DriverFactory> pathIds = new LinkedHashMap<>();
        for (DriverFactory p : paths) {
            if (pathIds.putIfAbsent(p.id(), p) != null) {
                throw new IllegalStateException("two client paths named '" + p.id() + "'");
            }
            p.gaps().forEach((capability, support) -> {
                if (support.supported()) {
                    throw new IllegalStateException("client path '" + p.id() + "' lists " + capability + " among its"
                            + " gaps as supported: a gap says what the path lacks, with the reason");
                }
            });
        }
        this.paths = List.copyOf(paths);
        java.util.Set<String> families = new java.util.HashSet<>();
        this.systems.forEach(b -> families.add(b.family()));
        // a catalog of paths alone (a client module's own tests) has no brokers to hold the quirks against
        for (DriverFactory p : families.isEmpty() ? List.<DriverFactory>of() : this.paths) {
            for (String family : p.brokerQuirks()) {
                if (!families.contains(family)) {
                    throw new IllegalStateException("client path '" + p.id() + "' has quirks for broker '" + family
                            + "', which no broker runtime of the catalog is (brokers: " + families + ")");
                }
            }
        }
    }

    public static Catalog load() {
        return new Catalog(
                ServiceLoader.load(BrokerRuntime.class).stream().map(ServiceLoader.Provider::get).toList(),
                ServiceLoader.load(DriverFactory.class).stream().map(ServiceLoader.Provider::get).toList());
    }

    /**
     * This catalog and one more broker runtime and client path, configured at run time rather than registered (a JMS
     * provider the user brings).
     */
    public Catalog with(BrokerRuntime runtime, DriverFactory path) {
        List<DriverFactory> morePaths = new ArrayList<>(paths);
        morePaths.add(path);
        return new Catalog(with(runtime).runtimes, morePaths);
    }

    /** This catalog and one more broker runtime, configured at run time (a server given only by its URL). */
    public Catalog with(BrokerRuntime runtime) {
        List<BrokerRuntime> moreRuntimes = new ArrayList<>(runtimes);
        moreRuntimes.add(runtime);
        return new Catalog(moreRuntimes, paths);
    }

    /** The message brokers. */
    public List<BrokerDescriptor> brokers() {
        return of(BrokerDescriptor.Role.BROKER);
    }

    /** The broker-less request/reply baselines. */
    public List<BrokerDescriptor> baselines() {
        return of(BrokerDescriptor.Role.BASELINE);
    }

    private List<BrokerDescriptor> of(BrokerDescriptor.Role role) {
        return systems.stream().filter(b -> b.role() == role).toList();
    }

    public List<String> brokerIds() {
        return ids(brokers());
    }

    public List<String> baselineIds() {
        return ids(baselines());
    }

    private static List<String> ids(List<BrokerDescriptor> descriptors) {
        return descriptors.stream().map(BrokerDescriptor::id).toList();
    }

    /** A broker or baseline by id. */
    public Optional<BrokerDescriptor> broker(String id) {
        return systems.stream().filter(b -> b.id().equals(id)).findFirst();
    }

    /** The broker's runtime of a kind, if it has one. */
    public Optional<BrokerRuntime> runtime(String brokerId, RuntimeKind kind) {
        return runtimes.stream().filter(r -> r.broker().id().equals(brokerId) && r.kind() == kind).findFirst();
    }

    /** Every registered runtime of a kind, brokers and baselines, in registration order. */
    public List<BrokerRuntime> runtimes(RuntimeKind kind) {
        return runtimes.stream().filter(r -> r.kind() == kind).toList();
    }

    /** The kinds of runtime registered for a broker, in registration order. */
    public List<RuntimeKind> kinds(String brokerId) {
        List<RuntimeKind> kinds = new ArrayList<>();
        runtimes.stream().filter(r -> r.broker().id().equals(brokerId)).forEach(r -> kinds.add(r.kind()));
        return kinds;
    }

    public List<DriverFactory> paths() {
        return paths;
    }

    public List<String> pathIds() {
        return paths.stream().map(DriverFactory::id).toList();
    }

    public Optional<DriverFactory> path(String id) {
        return paths.stream().filter(p -> p.id().equals(id)).findFirst();
    }

    /** The path with this id, or an error naming the registered ones (for a process given only the id). */
    public DriverFactory requirePath(String id) {
        return path(id).orElseThrow(() -> new IllegalArgumentException("no client path '" + id
                + "' on the classpath; registered: " + pathIds()));
    }

    /**
     * The paths run when the user names none: those speaking the broker's own protocol that are not labelled
     * alternatives.
     */
    public List<DriverFactory> defaultPaths(BrokerDescriptor broker) {
        return paths.stream()
                .filter(p -> p.protocol().equals(broker.nativeProtocol()))
                .filter(p -> !p.alternative())
                .toList();
    }

    /** Every path speaking a protocol the broker offers. */
    public List<DriverFactory> compatiblePaths(BrokerDescriptor broker) {
        return paths.stream().filter(p -> broker.offers(p.protocol())).toList();
    }
}
