package dev.brokerbench.core.spi;

/** The modes the seed matrix needs from a broker x client path pair. */
public enum Capability {
    /** A send returns only once the broker confirmed (persisted) the message. */
    SYNC_CONFIRMED_PUBLISH,
    /** Sends complete asynchronously with a broker confirmation, bounded by the publish window. */
    ASYNC_WINDOWED_PUBLISH,
    /**
     * Sends the broker is never asked to confirm (fire and forget: Kafka {@code acks=0}, AMQP 0-9-1 without
     * publisher confirms): {@link Publisher#sendUnconfirmed}.
     */
    UNCONFIRMED_PUBLISH,
    /** The consumer prefetch can be set to N messages. */
    PREFETCH,
    /** Persistent delivery to a durable queue. */
    PERSISTENT,
    /** The consumer acknowledges explicitly, in batches (client acknowledge or transacted). */
    CLIENT_ACK,
    /**
     * A message delivered again (its consumer closed or died without acknowledging it) arrives flagged as a
     * redelivery; the durability table's "redelivered" counts these flags. Checked by the driver contract test.
     */
    REDELIVERY_FLAG,
    /** The client library reconnects by itself after the broker comes back (failover), as the path configures it. */
    RECONNECT,
    /**
     * Request/reply: requests carry a reply address private to the client (a temporary queue, direct reply-to, or a
     * broker-less socket) and a correlation id that the reply echoes.
     */
    REQUEST_REPLY,
    /** One-way sends consumed by server sessions while they are sent, counted where they arrive. */
    ONE_WAY,
    /**
     * Publish to a topic that fans out to subscriptions, each receiving every message once: {@link
     * Driver#topicPublisher}, {@link Driver#subscriber}. The path's description says what a subscription is on it.
     */
    TOPICS,
    /** Durable subscriptions on a topic: the broker keeps each one's messages while no consumer is attached. */
    DURABLE_SUBSCRIPTIONS,
    /**
     * A queue consumer with a message selector: the broker hands it only the messages the selector matches and
     * keeps the others for other consumers ({@link Driver#consumer(String, dev.brokerbench.core.model.Selection)}).
     */
    SELECTORS,
    /**
     * Local transactions on both sides: a publisher's sends reach the queue only at its commit and never after a
     * rollback ({@link Publisher#sendTransacted}); a transacted consumer's receipts are acknowledged by its commit,
     * and a rollback gives them back to the broker to deliver again ({@link Consumer#rollback()}).
     */
    TRANSACTIONS
}
