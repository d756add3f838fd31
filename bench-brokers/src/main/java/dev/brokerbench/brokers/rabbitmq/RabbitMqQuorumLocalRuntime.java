package dev.brokerbench.brokers.rabbitmq;

/** One private RabbitMQ node whose queues are quorum queues ({@code rabbitmq-quorum}). */
public final class RabbitMqQuorumLocalRuntime extends RabbitMqLocalRuntime {
    public RabbitMqQuorumLocalRuntime() {
        super(RabbitMqBroker.QUORUM, 1, QueueType.QUORUM);
    }
}
