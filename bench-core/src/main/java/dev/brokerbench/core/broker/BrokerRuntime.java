package dev.brokerbench.core.broker;

import java.util.Optional;
import java.util.Set;

/**
 * How one broker is started by one kind of runtime (local process, container, external). Registered through
 * {@link java.util.ServiceLoader}.
 */
public interface BrokerRuntime {
    /** e.g. {@code artemis}. */
    String brokerId();

    /** e.g. {@code ActiveMQ Artemis}. */
    String displayName();

    /** {@code local}, {@code container} or {@code external}. */
    String runtime();

    /** Protocols the broker offers, e.g. {@code core}, {@code openwire}. */
    Set<String> protocols();

    /** The broker's own protocol; its client paths run by default. */
    String nativeProtocol();

    /** Empty when this runtime can start the broker here; otherwise why not and how to enable it. */
    Optional<String> unavailableReason(BrokerEnvironment environment);

    BrokerInstance start(BrokerEnvironment environment) throws BrokerStartException;

    /**
     * True for a broker-less baseline (a request/reply server process with no broker in between): it runs only
     * request/reply workloads, as the ceiling the brokers are measured against.
     */
    default boolean baseline() {
        return false;
    }

    /**
     * What this broker writes in its log when memory runs short: a description (e.g. "paged to disk", "producers
     * blocked") and the log line's pattern. A cell during which one appears is reported with it.
     */
    default java.util.Map<String, java.util.regex.Pattern> pressureSignals() {
        return java.util.Map.of();
    }

    /**
     * The line in which this broker states, when it starts on existing data, what it recovered (RabbitMQ: how many
     * classic queues it found). After a broker kill the first such line since the restart is recorded with the
     * fault, so a loss the broker itself declares (a queue that did not come back) reads as the broker's.
     */
    default java.util.Optional<java.util.regex.Pattern> recoveryStatement() {
        return java.util.Optional.empty();
    }

    /**
     * Settings the broker reports in its log once it runs, as opposed to what its configuration asks for (e.g. the
     * journal type Artemis falls back to): a name and the log line's pattern, group 1 the value. Each becomes the
     * setting {@code "<name> (as running)"} in every runtime.
     */
    default java.util.Map<String, java.util.regex.Pattern> runningFacts() {
        return java.util.Map.of();
    }
}
