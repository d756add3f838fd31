package dev.brokerbench.core.spi;

/**
 * A setting every client path states in its own words, under one key, so that the report sets the paths side by
 * side (how each confirms a send, what its prefetch is in its library's unit, how it reconnects). What only one path
 * has is recorded under a name of its own ({@link ClientSettings#own}).
 */
public enum ClientSetting {
    /** Where the path connects (a URL with the credentials masked, or Kafka's bootstrap servers). */
    URL("url"),
    /** Every node's address, for a cluster. */
    NODES("nodes"),
    /** TLS: the stores and how the library is given them. */
    TLS("tls"),
    /** Who the path logs in as (never the password). */
    CREDENTIALS("credentials"),
    /** How a queue is named or reached on this broker. */
    ADDRESSING("addressing"),
    /** What a queue is on the broker, and who makes it. */
    QUEUE("queue"),
    /** Persistent or not, in the library's terms. */
    DELIVERY_MODE("deliveryMode"),
    /** How a synchronous send waits for the broker. */
    SYNC_PUBLISH("syncPublish"),
    /** How asynchronous sends are confirmed, and their window. */
    ASYNC_PUBLISH("asyncPublish"),
    /** The publish window, in messages. */
    PUBLISH_WINDOW("publishWindowMessages"),
    /** How a send the broker is never asked to confirm is made. */
    UNCONFIRMED_PUBLISH("unconfirmedPublish"),
    /** How transacted sends and receipts are made. */
    TRANSACTIONS("transactions"),
    /** The consumer prefetch, in the library's own unit. */
    PREFETCH("prefetch"),
    /** How a consumer receives (a synchronous receive, a listener). */
    CONSUMER("consumer"),
    /** How and when receipts are acknowledged. */
    ACK_MODE("ackMode"),
    /** What the client library does when the broker goes away. */
    RECONNECT("reconnect"),
    /** How the suite's stamp (stream, sequence, send time) travels with a message. */
    STAMP("stamp"),
    /** How requests carry their reply address and correlation, and how servers answer. */
    REQUEST_REPLY("requestReply"),
    /** How one-way calls are sent. */
    ONE_WAY("oneWay"),
    /** What a topic and a subscription are on this path. */
    TOPICS("topics"),
    /** How a selector is given to the broker. */
    SELECTORS("selectors");

    private final String key;

    ClientSetting(String key) {
        this.key = key;
    }

    /** The key under which results record it. */
    public String key() {
        return key;
    }

    /** The setting recorded under {@code key}, if it is one of these. */
    public static java.util.Optional<ClientSetting> byKey(String key) {
        for (ClientSetting s : values()) {
            if (s.key.equals(key)) {
                return java.util.Optional.of(s);
            }
        }
        return java.util.Optional.empty();
    }
}
