package dev.brokerbench.core.broker;

/** A broker did not become ready; the message carries the tail of its log. */
public final class BrokerStartException extends Exception {
    public BrokerStartException(String message) {
        super(message);
    }

    public BrokerStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
