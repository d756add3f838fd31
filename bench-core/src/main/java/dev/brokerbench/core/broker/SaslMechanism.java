package dev.brokerbench.core.broker;

import java.util.Arrays;
import java.util.Optional;

/**
 * A SASL mechanism a client can be told to log in with ({@code --sasl-mechanism}), for the protocols that carry the
 * login in SASL and let the client choose: Kafka (which needs one) and AMQP 1.0 (which otherwise takes the best the
 * broker offers). Each is named as RFC 4616 and RFC 7677 name it.
 */
public enum SaslMechanism {
    /** The user and password in the clear: use it over TLS. */
    PLAIN("PLAIN"),
    SCRAM_SHA_256("SCRAM-SHA-256"),
    SCRAM_SHA_512("SCRAM-SHA-512");

    private final String wireName;

    SaslMechanism(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire and in client settings, e.g. {@code SCRAM-SHA-512}. */
    public String wireName() {
        return wireName;
    }

    /** The mechanism named {@code name} as on the wire (case-insensitive), or empty. */
    public static Optional<SaslMechanism> named(String name) {
        return Arrays.stream(values()).filter(m -> m.wireName.equalsIgnoreCase(name)).findFirst();
    }

    @Override
    public String toString() {
        return wireName;
    }
}
