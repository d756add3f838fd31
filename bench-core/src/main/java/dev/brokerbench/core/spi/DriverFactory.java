package dev.brokerbench.core.spi;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.SaslMechanism;
import dev.brokerbench.core.model.ClientSpec;
import java.util.Map;
import java.util.Set;

/**
 * A client path: one client library speaking one protocol. Registered through {@link java.util.ServiceLoader}.
 */
public interface DriverFactory {
    /** Stable id used on the command line and in results, e.g. {@code artemis-core-jms}. */
    String id();

    /** One line for {@code bench list}. */
    String description();

    /** The broker endpoint protocol this path needs. */
    Protocol protocol();

    /**
     * True for a labelled alternative (e.g. a library's native async API standing in for a JMS 2.0 feature it
     * lacks): it runs only when the user names it, so it never replaces the standard path silently.
     */
    default boolean alternative() {
        return false;
    }

    /**
     * The class of the drivers {@link #create} returns: the {@link Facet}s it implements are the topics, selectors and
     * calls this path has ({@link Capabilities}).
     */
    Class<? extends Driver> driverType();

    /**
     * What this path's library lacks or does differently, with the reason for each; every capability not named here
     * is supported, those of a {@link Facet} only where {@link #driverType()} implements it. A gap on a facet the
     * driver implements says why this library cannot use it (the same driver class serves several libraries); a gap
     * on one it lacks gives the reason in the path's words. What a broker itself lacks over the protocol is the
     * broker's to say ({@link dev.brokerbench.core.broker.BrokerDescriptor#gaps}). {@link Catalog} refuses a gap that
     * says supported.
     */
    Map<Capability, Support> gaps();

    /**
     * The SASL mechanisms this path can be told to log in with ({@code --sasl-mechanism}); none for a path whose
     * protocol carries the login another way or whose library chooses for itself.
     */
    default Set<SaslMechanism> saslMechanisms() {
        return Set.of();
    }

    /**
     * The brokers (by family, {@link dev.brokerbench.core.broker.BrokerDescriptor#family}) this path treats in a way
     * of their own, e.g. how a queue is addressed; any other broker gets the protocol's common convention. Each must
     * be a broker the catalog knows: {@link Catalog} refuses to load otherwise, so that a misspelt id cannot make a
     * broker's quirks silently fall back to the convention.
     */
    default Set<String> brokerQuirks() {
        return Set.of();
    }

    /**
     * Connects to {@code brokerId}'s endpoint. The broker id lets a path apply that broker's addressing quirks
     * (declared in the path, never as a switch in core code).
     */
    Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) throws Exception;
}
