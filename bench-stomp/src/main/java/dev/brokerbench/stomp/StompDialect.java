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
 * @param replyTo          how a requester gets a reply destination private to it; empty where none is known
 */
record StompDialect(String note, UnaryOperator<String> destination, Map<String, String> sendHeaders,
                    Map<String, String> subscribeHeaders, Optional<Prefetch> prefetch, Optional<String> virtualHost,
                    Optional<ReplyTo> replyTo) {

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

    /**
     * A reply destination private to one client connection. STOMP has no temporary destinations of its own; the
     * brokers that have them name them {@code /temp-queue/NAME} and hand the server a destination it can send to in
     * the request's {@code reply-to}.
     *
     * @param note        how it is made, for the recorded settings
     * @param destination the destination a requester names in {@code reply-to}, for a name unique to it
     * @param subscribed  true when the requester SUBSCRIBEs to it; false when the broker subscribes the connection
     *                    itself on the first SEND naming it (RabbitMQ)
     */
    record ReplyTo(String note, UnaryOperator<String> destination, boolean subscribed) {
    }

    /** The headers of a SEND to one of this broker's destinations: its routing headers and {@code persistent}. */
    Map<String, String> sending(boolean persistent) {
        Map<String, String> h = new java.util.HashMap<>(sendHeaders);
        h.put("persistent", Boolean.toString(persistent));
        return h;
    }

    /**
     * The headers of a SUBSCRIBE to one of this broker's queues: its routing headers, {@code window} (a prefetch
     * header, or none), the ack mode and the subscription id. A new map (it becomes the frame's).
     */
    Map<String, String> subscription(Map<String, String> window, String ack, String id) {
        Map<String, String> h = new java.util.HashMap<>(subscribeHeaders);
        h.putAll(window);
        h.put("ack", ack);
        h.put("id", id);
        return h;
    }

    private static Prefetch messages(String header) {
        return new Prefetch(header, Unit.MESSAGES, Long::toString);
    }

    /** Any other STOMP server: /queue/NAME, the server's own prefetch. */
    static final StompDialect GENERIC = new StompDialect("/queue/NAME (the common convention); no prefetch header"
            + " known, so the server's default applies; no temporary reply destinations known", q -> "/queue/" + q,
            Map.of(), Map.of(), Optional.empty(), Optional.empty(), Optional.empty());

    private static Optional<ReplyTo> tempQueue(String given) {
        return Optional.of(new ReplyTo("/temp-queue/NAME, subscribed by the requester; the broker hands the server "
                + given + " in reply-to", n -> "/temp-queue/" + n, true));
    }

    static final Map<String, StompDialect> BY_BROKER = Map.of(
            "rabbitmq", new StompDialect("/amq/queue/NAME: the durable classic queue the broker's module declares"
                    + " (a /queue/NAME destination would be declared by the STOMP plugin itself); prefetch-count"
                    + " header; virtual host /", q -> "/amq/queue/" + q, Map.of(), Map.of(),
                    Optional.of(messages("prefetch-count")), Optional.of("/"),
                    Optional.of(new ReplyTo("/temp-queue/NAME in reply-to: RabbitMQ declares an exclusive auto-delete"
                            + " queue and subscribes the connection itself; the server replies to /reply-queue/...",
                            n -> "/temp-queue/" + n, false))),
            "activemq", new StompDialect("/queue/NAME; activemq.prefetchSize header", q -> "/queue/" + q, Map.of(),
                    Map.of(), Optional.of(messages("activemq.prefetchSize")), Optional.empty(),
                    tempQueue("/remote-temp-queue/ID:...")),
            "apollo", new StompDialect("/queue/NAME; credit header COUNT,BYTES (bytes set to 100 MB, so the count"
                    + " is the limit)", q -> "/queue/" + q, Map.of(), Map.of(),
                    Optional.of(new Prefetch("credit", Unit.MESSAGES, n -> n + ",104857600")), Optional.empty(),
                    tempQueue("/queue/temp.BROKER.CONNECTION.NAME")),
            "artemis", new StompDialect("the queue's own name with destination-type/subscription-type ANYCAST (the"
                    + " address and queue the other paths use); consumer-window-size header, in bytes",
                    q -> q, Map.of("destination-type", "ANYCAST"), Map.of("subscription-type", "ANYCAST"),
                    Optional.of(new Prefetch("consumer-window-size", Unit.BYTES, Long::toString)), Optional.empty(),
                    Optional.of(new ReplyTo("a queue of the requester's own (ANYCAST, a unique name), auto-created on"
                            + " SUBSCRIBE and auto-deleted when its consumer leaves: Artemis' STOMP has no temporary"
                            + " destinations (ARTEMIS-3164, open)", q -> q, true))));

    static StompDialect of(String brokerId) {
        return BY_BROKER.getOrDefault(brokerId, GENERIC);
    }
}
