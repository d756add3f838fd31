package dev.brokerbench.core.model;

/** How a publisher waits for the broker. */
public enum PublishMode {
    /** The next message is sent only after the broker confirmed the previous one. */
    SYNC,
    /** No waiting per message, but at most {@code publishWindow} unconfirmed messages per client. */
    ASYNC,
    /**
     * Fire and forget: the broker is never asked to confirm (Kafka {@code acks=0}, AMQP 0-9-1 without publisher
     * confirms); a send is done when the client library has taken the message. What arrives
     * is counted by the drain; nothing is ever confirmed.
     */
    UNCONFIRMED,
    /**
     * Local transactions: each client sends {@code ackBatch} messages in a transaction and commits them; a message
     * counts as confirmed when its commit returns (a commit is the broker's confirmation of the whole batch).
     */
    TRANSACTED;

    /** Whether the broker confirms each message in this mode. */
    public boolean confirmed() {
        return this != UNCONFIRMED;
    }
}
