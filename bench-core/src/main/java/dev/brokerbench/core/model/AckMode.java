package dev.brokerbench.core.model;

/** How consumers acknowledge. The suite never changes the mode behind the user's back. */
public enum AckMode {
    /** The client library acknowledges each message on delivery (JMS AUTO_ACKNOWLEDGE). */
    AUTO,
    /** Explicit acknowledgement of everything received so far, every {@code ackBatch} messages (JMS CLIENT_ACKNOWLEDGE). */
    CLIENT,
    /** Lazy acknowledgement allowed to redeliver (JMS DUPS_OK_ACKNOWLEDGE). */
    DUPS_OK,
    /**
     * A local transaction committed every {@code ackBatch} messages (every {@link Rollback#every()}-th one rolled back
     * instead, when the workload has a {@link Rollback}).
     */
    TRANSACTED
}
