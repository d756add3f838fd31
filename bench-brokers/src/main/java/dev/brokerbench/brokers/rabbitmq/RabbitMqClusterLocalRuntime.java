package dev.brokerbench.brokers.rabbitmq;

/**
 * A cluster of three private RabbitMQ nodes whose queues are quorum queues with a member on every node
 * ({@code rabbitmq-cluster}).
 */
public final class RabbitMqClusterLocalRuntime extends RabbitMqLocalRuntime {
    public RabbitMqClusterLocalRuntime() {
        super(RabbitMqBroker.CLUSTER, 3, QueueType.QUORUM);
    }
}
