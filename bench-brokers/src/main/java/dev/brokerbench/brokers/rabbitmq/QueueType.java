package dev.brokerbench.brokers.rabbitmq;

/**
 * The type a RabbitMQ node gives a queue declared without {@code x-queue-type}: the virtual host's default, so that
 * every client path (AMQP 0-9-1, rabbitmq-jms, AMQP 1.0, STOMP), each declaring the queue in its own way without
 * arguments, gets the same queue.
 */
public enum QueueType {
    /** The node's own default: one copy, on the node that declared it. */
    CLASSIC("durable classic queue", "durable classic queue, delivery mode 2, confirms after the store's batched"
            + " fsync"),
    /**
     * A Raft-replicated queue on every node of the cluster (one on a single node); the virtual host {@code /} is
     * created with {@code --default-queue-type quorum}.
     */
    QUORUM("quorum queue (the virtual host's default queue type), a member on every node, the leader on the node"
            + " that declared it", "quorum queue: confirmed once a majority of its members wrote the message to their"
            + " fsync'd Raft log");

    private final String queue;
    private final String persistence;

    QueueType(String queue, String persistence) {
        this.queue = queue;
        this.persistence = persistence;
    }

    /** For the broker's settings: what a queue is. */
    String queue() {
        return queue;
    }

    /** For the broker's settings: when a persistent message is confirmed. */
    String persistence() {
        return persistence;
    }
}
