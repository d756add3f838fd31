package dev.brokerbench.app.report;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.run.Requirements;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Support;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Broker x client path x capability, generated from the code's own declarations (never maintained by hand). A
 * broker's variants (Kafka with fsync, RabbitMQ with quorum queues or as a cluster, an Artemis pair) share its rows:
 * a variant changes a server setting or the number of nodes, never what a path can do.
 */
public final class CapabilityMatrix {
    private CapabilityMatrix() {
    }

    /** The brokers that have rows: every broker that is not a variant of another. */
    private static List<BrokerDescriptor> rowBrokers(Catalog catalog) {
        return catalog.brokers().stream().filter(b -> b.variantOf().isEmpty()).toList();
    }

    /** {@code rabbitmq (+ rabbitmq-quorum, rabbitmq-cluster)}: the broker and its variants. */
    private static String withVariants(Catalog catalog, BrokerDescriptor broker) {
        List<String> variants = catalog.brokers().stream()
                .filter(b -> b.variantOf().filter(broker.id()::equals).isPresent()).map(BrokerDescriptor::id).toList();
        return variants.isEmpty() ? broker.id() : broker.id() + " (+ " + String.join(", ", variants) + ")";
    }

    public static TextTable table(Catalog catalog) {
        List<String> headers = new ArrayList<>(List.of("broker", "client path", "protocol"));
        for (Capability c : Capability.values()) {
            headers.add(label(c));
        }
        TextTable t = new TextTable(headers);
        for (BrokerDescriptor broker : rowBrokers(catalog)) {
            for (DriverFactory path : catalog.paths()) {
                if (!broker.offers(path.protocol())) {
                    continue;
                }
                Map<Capability, Support> caps = Requirements.capabilities(broker, broker.protocols(), path);
                List<String> row = new ArrayList<>(List.of(withVariants(catalog, broker), path.id()
                        + (path.alternative() ? " (alternative)" : ""), path.protocol().name()));
                for (Capability c : Capability.values()) {
                    row.add(cell(caps.getOrDefault(c, Support.no("not declared"))));
                }
                t.add(row);
            }
        }
        return t;
    }

    /** The Markdown block the README shows between its capability-matrix markers ({@code bench list --markdown}). */
    public static String markdown(Catalog catalog) {
        StringBuilder sb = new StringBuilder(table(catalog).markdown());
        List<String> reasons = reasons(catalog);
        if (!reasons.isEmpty()) {
            sb.append('\n');
            reasons.forEach(r -> sb.append("- ").append(r).append('\n'));
        }
        return sb.toString();
    }

    /**
     * Every unsupported or non-equivalent cell with its reason; cells of one path and capability with the same reason
     * are one line naming all their brokers.
     */
    public static List<String> reasons(Catalog catalog) {
        Map<String, List<String>> brokersByGap = new LinkedHashMap<>();
        for (BrokerDescriptor broker : rowBrokers(catalog)) {
            for (DriverFactory path : catalog.paths()) {
                if (!broker.offers(path.protocol())) {
                    continue;
                }
                Requirements.capabilities(broker, broker.protocols(), path).forEach((c, s) -> {
                    if (!s.supported()) {
                        brokersByGap.computeIfAbsent(path.id() + " / " + label(c) + ": " + s.reason(),
                                k -> new ArrayList<>()).add(withVariants(catalog, broker));
                    }
                });
            }
        }
        List<String> reasons = new ArrayList<>();
        brokersByGap.forEach((gap, brokers) -> reasons.add(String.join(", ", brokers) + " / " + gap));
        return reasons;
    }

    private static String label(Capability c) {
        return switch (c) {
            case SYNC_CONFIRMED_PUBLISH -> "sync publish";
            case ASYNC_WINDOWED_PUBLISH -> "async publish (window)";
            case UNCONFIRMED_PUBLISH -> "unconfirmed publish";
            case PREFETCH -> "prefetch";
            case PERSISTENT -> "persistent";
            case CLIENT_ACK -> "client ack (batched)";
            case REDELIVERY_FLAG -> "redelivery flagged";
            case RECONNECT -> "reconnect";
            case REQUEST_REPLY -> "request/reply";
            case ONE_WAY -> "one-way";
            case TOPICS -> "topics";
            case DURABLE_SUBSCRIPTIONS -> "durable subscriptions";
            case SELECTORS -> "selectors";
            case TRANSACTIONS -> "transactions";
        };
    }

    private static String cell(Support s) {
        return switch (s.level()) {
            case SUPPORTED -> "yes";
            case UNSUPPORTED -> "no*";
            case NOT_EQUIVALENT -> "not equivalent*";
        };
    }
}
