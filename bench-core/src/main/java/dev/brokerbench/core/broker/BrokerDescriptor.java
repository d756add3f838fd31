package dev.brokerbench.core.broker;

import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Support;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Who a broker is, whatever runs it: the one description its local, container and external runtimes all refer to.
 *
 * @param id          e.g. {@code artemis}: on the command line and in results
 * @param displayName e.g. {@code ActiveMQ Artemis}
 * @param role        a broker, or a broker-less baseline
 * @param protocols   what it offers, its own ("native") protocol first: the client paths of that one run by default
 * @param logSignals  what its log says that the suite records
 * @param gaps        per protocol, what the broker itself does not do the way the comparison defines it, whatever
 *                    client speaks to it (e.g. RabbitMQ 3.10's AMQP 1.0 plugin creates no dynamic nodes)
 * @param queues      the broker's own queue operations, for paths that cannot do them themselves
 * @param variantOf   the id of the broker this one is with one server setting changed (Kafka with an fsync per
 *                    message is a variant of Kafka): it runs every workload under its own id, and the tests of a
 *                    client path's contract, which the setting does not change, run on the broker it varies
 */
public record BrokerDescriptor(String id, String displayName, Role role, List<Protocol> protocols,
                               LogSignals logSignals, Map<Protocol, Map<Capability, Support>> gaps,
                               QueueAdmin queues, Optional<String> variantOf) {
    /** What a registered system is. */
    public enum Role {
        /** A message broker: runs every workload its paths support. */
        BROKER,
        /**
         * A broker-less request/reply server process with no broker in between: runs only request/reply workloads,
         * as the ceiling the brokers are measured against.
         */
        BASELINE
    }

    public BrokerDescriptor {
        if (id == null || !id.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("id must be lower-case letters, digits and '-', e.g. artemis; got "
                    + id);
        }
        if (displayName == null || displayName.isBlank()) {
            throw new IllegalArgumentException("displayName of " + id + " is empty");
        }
        Objects.requireNonNull(role, "role");
        if (protocols == null || protocols.isEmpty() || new LinkedHashSet<>(protocols).size() != protocols.size()) {
            throw new IllegalArgumentException("protocols of " + id + " must be one or more, each once; got "
                    + protocols);
        }
        List<Protocol> offered = List.copyOf(protocols);
        protocols = offered;
        logSignals = logSignals == null ? LogSignals.NONE : logSignals;
        Map<Protocol, Map<Capability, Support>> copy = new TreeMap<>();
        String name = id;
        (gaps == null ? Map.<Protocol, Map<Capability, Support>>of() : gaps).forEach((p, g) -> {
            if (!offered.contains(p)) {
                throw new IllegalArgumentException("gaps of " + name + " name protocol " + p + ", which it does not"
                        + " offer; it offers " + offered);
            }
            Map<Capability, Support> gap = new EnumMap<>(Capability.class);
            gap.putAll(g);
            copy.put(p, Collections.unmodifiableMap(gap));
        });
        gaps = Collections.unmodifiableMap(copy);
        queues = queues == null ? QueueAdmin.NONE : queues;
        variantOf = variantOf == null ? Optional.empty() : variantOf;
        if (variantOf.filter(id::equals).isPresent()) {
            throw new IllegalArgumentException("broker " + id + " cannot be a variant of itself");
        }
    }

    /** A broker offering {@code nativeProtocol} and then {@code others}, with nothing else said. */
    public static BrokerDescriptor broker(String id, String displayName, Protocol nativeProtocol, Protocol... others) {
        List<Protocol> protocols = new ArrayList<>(List.of(nativeProtocol));
        protocols.addAll(List.of(others));
        return new BrokerDescriptor(id, displayName, Role.BROKER, protocols, LogSignals.NONE, Map.of(),
                QueueAdmin.NONE, Optional.empty());
    }

    /** A broker-less baseline speaking one protocol of its own. */
    public static BrokerDescriptor baseline(String id, String displayName, Protocol protocol) {
        return new BrokerDescriptor(id, displayName, Role.BASELINE, List.of(protocol), LogSignals.NONE, Map.of(),
                QueueAdmin.NONE, Optional.empty());
    }

    /**
     * The id a client path knows the broker's quirks by: a variant's are the broker's it varies (a RabbitMQ cluster
     * addresses its queues as a single RabbitMQ node does).
     */
    public String family() {
        return variantOf.orElse(id);
    }

    /** The broker's own protocol: its client paths run by default. */
    public Protocol nativeProtocol() {
        return protocols.get(0);
    }

    public boolean offers(Protocol protocol) {
        return protocols.contains(protocol);
    }

    /** What the broker does not do over {@code protocol}, whatever the client; empty when nothing. */
    public Map<Capability, Support> gaps(Protocol protocol) {
        return gaps.getOrDefault(protocol, Map.of());
    }

    public BrokerDescriptor withLogSignals(LogSignals signals) {
        return new BrokerDescriptor(id, displayName, role, protocols, signals, gaps, queues, variantOf);
    }

    /** The same with one more gap: over {@code protocol}, {@code capability} is as {@code support} says. */
    public BrokerDescriptor withGap(Protocol protocol, Capability capability, Support support) {
        Map<Protocol, Map<Capability, Support>> more = new TreeMap<>();
        gaps.forEach((p, g) -> more.put(p, new EnumMap<>(g)));
        more.computeIfAbsent(protocol, p -> new EnumMap<>(Capability.class)).put(capability, support);
        return new BrokerDescriptor(id, displayName, role, protocols, logSignals, more, queues, variantOf);
    }

    public BrokerDescriptor withQueues(QueueAdmin admin) {
        return new BrokerDescriptor(id, displayName, role, protocols, logSignals, gaps, admin, variantOf);
    }

    /**
     * A variant of this broker (see {@link #variantOf()}): the same protocols, gaps, log signals and queue operations
     * under its own id and name.
     */
    public BrokerDescriptor variant(String variantId, String variantName) {
        return new BrokerDescriptor(variantId, variantName, role, protocols, logSignals, gaps, queues,
                Optional.of(id));
    }

    /** The same, declared a variant of {@code broker} (see {@link #variantOf()}). */
    public BrokerDescriptor asVariantOf(BrokerDescriptor broker) {
        return new BrokerDescriptor(id, displayName, role, protocols, logSignals, gaps, queues,
                Optional.of(broker.id()));
    }

    /**
     * What the broker's log says that the suite records.
     *
     * @param pressure     when memory or disk runs short: a description (e.g. "paged to disk") and the line's
     *                     pattern; a cell during which one appears is reported with it
     * @param recovery     the line in which the broker states, when it starts on existing data, what it recovered
     *                     (RabbitMQ: how many classic queues it found); recorded with a broker kill's outcome
     * @param runningFacts settings the broker reports once it runs, as opposed to what its configuration asks for:
     *                     a name and the line's pattern, group 1 the value; each becomes the setting
     *                     {@code "<name> (as running)"}
     */
    public record LogSignals(Map<String, Pattern> pressure, Optional<Pattern> recovery,
                             Map<String, Pattern> runningFacts) {
        public static final LogSignals NONE = new LogSignals(Map.of(), Optional.empty(), Map.of());
        /**
         * A JVM broker's own line when its heap ran out, e.g. Apollo's {@code Exception in thread
         * "hawtdispatch-DEFAULT-2" java.lang.OutOfMemoryError: Java heap space} (at the published depth one such
         * drain read as the loss of 289,069 confirmed messages, with no word of the broker's state).
         */
        public static final String OUT_OF_HEAP = "ran out of heap (java.lang.OutOfMemoryError)";

        public LogSignals {
            pressure = Map.copyOf(pressure);
            recovery = Objects.requireNonNull(recovery, "recovery");
            runningFacts = Map.copyOf(runningFacts);
        }

        /** These signals and a JVM's own: its heap ran out ({@link #OUT_OF_HEAP}). */
        public LogSignals ofJvm() {
            Map<String, Pattern> signals = new java.util.HashMap<>(pressure);
            signals.put(OUT_OF_HEAP, Pattern.compile("java\\.lang\\.OutOfMemoryError"));
            return new LogSignals(signals, recovery, runningFacts);
        }
    }
}
