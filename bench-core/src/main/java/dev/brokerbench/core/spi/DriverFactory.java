package dev.brokerbench.core.spi;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import java.util.Map;

/**
 * A client path: one client library speaking one protocol. Registered through {@link java.util.ServiceLoader}.
 */
public interface DriverFactory {
    /** Stable id used on the command line and in results, e.g. {@code artemis-core-jms}. */
    String id();

    /** One line for {@code bench list}. */
    String description();

    /** The broker endpoint protocol this path needs, e.g. {@code core}, {@code openwire}. */
    String protocol();

    /**
     * True for a labelled alternative (e.g. a library's native async API standing in for a JMS 2.0 feature it
     * lacks): it runs only when the user names it, so it never replaces the standard path silently.
     */
    default boolean alternative() {
        return false;
    }

    /** What this path supports against the given broker (which offers {@link #protocol()}). */
    Map<Capability, Support> capabilities(String brokerId);

    /**
     * Connects to {@code brokerId}'s endpoint. The broker id lets a path apply that broker's addressing quirks
     * (declared in the path, never as a switch in core code).
     */
    Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) throws Exception;

    /** The registered client path with this id (for a process that was given only the id). */
    static DriverFactory named(String id) {
        return java.util.ServiceLoader.load(DriverFactory.class).stream().map(java.util.ServiceLoader.Provider::get)
                .filter(f -> f.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no client path '" + id + "' on the classpath"));
    }
}
