package dev.brokerbench.core.broker;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.regex.Pattern;

/**
 * A wire protocol a broker offers and a client path speaks, by its short name: the key of a broker's endpoints and
 * the {@code PROTOCOL} of {@code --url BROKER=PROTOCOL://HOST:PORT}. A value type, so a module can name a protocol
 * the core does not know (the broker-less baselines' {@code grpc}); the common ones are constants.
 *
 * @param name lower-case letters and digits, e.g. {@code amqp091}
 */
public record Protocol(String name) implements Comparable<Protocol> {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*"); // before the constants, which use it
    /** ActiveMQ Artemis Core. */
    public static final Protocol CORE = new Protocol("core");
    /** ActiveMQ OpenWire. */
    public static final Protocol OPENWIRE = new Protocol("openwire");
    /** AMQP 1.0. */
    public static final Protocol AMQP = new Protocol("amqp");
    /** AMQP 0-9-1 (RabbitMQ). */
    public static final Protocol AMQP091 = new Protocol("amqp091");
    /** STOMP 1.x. */
    public static final Protocol STOMP = new Protocol("stomp");
    /** The Apache Kafka protocol. */
    public static final Protocol KAFKA = new Protocol("kafka");

    @JsonCreator
    public Protocol {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("protocol name must be lower-case letters and digits, e.g. amqp091;"
                    + " got " + name);
        }
    }

    @JsonValue
    @Override
    public String name() {
        return name;
    }

    @Override
    public int compareTo(Protocol other) {
        return name.compareTo(other.name);
    }

    @Override
    public String toString() {
        return name;
    }
}
