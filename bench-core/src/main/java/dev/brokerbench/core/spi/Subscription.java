package dev.brokerbench.core.spi;

import java.util.Objects;

/**
 * One subscription to a topic, as a fan-out workload asks a client path for it: each subscriber of a workload has
 * one of its own, named apart from the others, and one consumer on it.
 *
 * @param topic   the topic the publishers send to
 * @param name    the subscription's name on the broker (a durable subscription's name, a RabbitMQ queue, a Kafka
 *                consumer group), unique within the run
 * @param durable whether the broker keeps the subscription's messages while no consumer is attached
 */
public record Subscription(String topic, String name, boolean durable) {
    public Subscription {
        Objects.requireNonNull(topic, "topic");
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("name must be letters, digits, '.', '_' or '-'; got " + name);
        }
    }

    /** Subscription {@code index} (from 0) of {@code topic}: {@code <topic>.sub-<index>}. */
    public static Subscription of(String topic, int index, boolean durable) {
        return new Subscription(topic, topic + ".sub-" + index, durable);
    }
}
