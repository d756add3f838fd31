package dev.brokerbench.stomp;

import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What one broker needs from a STOMP client: how a durable queue is addressed, the headers that route a SEND and a
 * SUBSCRIBE to it, the broker's own prefetch header and its unit, and the virtual host it expects in CONNECT.
 * STOMP leaves all of these to the server; they are data here, per broker id, never a switch in core code.
 *
 * @param note             how the broker is addressed, for the recorded settings
 * @param destination      the STOMP destination of a queue name
 * @param sendHeaders      extra SEND headers (routing)
 * @param subscribeHeaders extra SUBSCRIBE headers (routing)
 * @param prefetch         the broker's prefetch header; empty where none is known (the server's default applies)
 * @param virtualHost      the CONNECT {@code host} header; empty for the client's default (the host name)
 */
record StompDialect(String note, UnaryOperator<String> destination, Map<String, String> sendHeaders,
                    Map<String, String> subscribeHeaders, Optional<Prefetch> prefetch, Optional<String> virtualHost) {

    /** What a broker counts a subscription's prefetch in. */
    enum Unit {
        /** Unacknowledged messages. */
        MESSAGES,
        /** Bytes of unacknowledged messages, as the broker sizes them (measured, see {@link ByteWindowProbe}). */
        BYTES
    }

    /**
     * A prefetch header.
     *
     * @param header the SUBSCRIBE header
     * @param unit   what its value counts
     * @param format the header's value for a limit in {@code unit}
     */
    record Prefetch(String header, Unit unit, java.util.function.LongFunction<String> format) {
        Map<String, String> headers(long limit) {
            return Map.of(header, format.apply(limit));
        }
    }

    private static Prefetch messages(String header) {
        return new Prefetch(header, Unit.MESSAGES, Long::toString);
    }

    /** Any other STOMP server: /queue/NAME, the server's own prefetch. */
    static final StompDialect GENERIC = new StompDialect("/queue/NAME (the common convention); no prefetch header"
            + " known, so the server's default applies", q -> "/queue/" + q, Map.of(), Map.of(), Optional.empty(),
            Optional.empty());

    static final Map<String, StompDialect> BY_BROKER = Map.of(
            "rabbitmq", new StompDialect("/amq/queue/NAME: the durable classic queue the broker's module declares"
                    + " (a /queue/NAME destination would be declared by the STOMP plugin itself); prefetch-count"
                    + " header; virtual host /", q -> "/amq/queue/" + q, Map.of(), Map.of(),
                    Optional.of(messages("prefetch-count")), Optional.of("/")),
            "activemq", new StompDialect("/queue/NAME; activemq.prefetchSize header", q -> "/queue/" + q, Map.of(),
                    Map.of(), Optional.of(messages("activemq.prefetchSize")), Optional.empty()),
            "apollo", new StompDialect("/queue/NAME; credit header COUNT,BYTES (bytes set to 100 MB, so the count"
                    + " is the limit)", q -> "/queue/" + q, Map.of(), Map.of(),
                    Optional.of(new Prefetch("credit", Unit.MESSAGES, n -> n + ",104857600")), Optional.empty()),
            "artemis", new StompDialect("the queue's own name with destination-type/subscription-type ANYCAST (the"
                    + " address and queue the other paths use); consumer-window-size header, in bytes",
                    q -> q, Map.of("destination-type", "ANYCAST"), Map.of("subscription-type", "ANYCAST"),
                    Optional.of(new Prefetch("consumer-window-size", Unit.BYTES, Long::toString)), Optional.empty()));

    static StompDialect of(String brokerId) {
        return BY_BROKER.getOrDefault(brokerId, GENERIC);
    }
}
