package dev.brokerbench.core.model;

/** How a publisher waits for the broker. */
public enum PublishMode {
    /** The next message is sent only after the broker confirmed the previous one. */
    SYNC,
    /** No waiting per message, but at most {@code publishWindow} unconfirmed messages per client. */
    ASYNC
}
