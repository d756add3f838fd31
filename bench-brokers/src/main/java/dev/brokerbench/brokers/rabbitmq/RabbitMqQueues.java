package dev.brokerbench.brokers.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.QueueAdmin;
import dev.brokerbench.core.result.BrokerCount;
import java.util.Optional;

/**
 * RabbitMQ's queues, over AMQP 0-9-1 on a short-lived connection of their own: the one shape the suite uses (durable,
 * not exclusive, not auto-delete, no arguments: a classic queue, the shape rabbitmq-jms declares, so every client
 * path can share it) declared before a cell, so an AMQP 1.0 client addressing {@code /amq/queue/NAME} finds it; and
 * the broker's own count (a passive queue.declare).
 */
final class RabbitMqQueues implements QueueAdmin {
    @Override
    public void prepare(Endpoints broker, String queue) throws Exception {
        try (Connection connection = connect(broker, "brokerbench-declare");
             Channel channel = connection.createChannel()) {
            channel.queueDeclare(queue, true, false, false, null);
        }
    }

    @Override
    public Optional<BrokerCount> count(Endpoints broker, String queue) throws Exception {
        try (Connection connection = connect(broker, "brokerbench-count");
             Channel channel = connection.createChannel()) {
            return Optional.of(new BrokerCount(channel.queueDeclarePassive(queue).getMessageCount(),
                    "RabbitMQ queue.declare (passive): ready messages"));
        }
    }

    private static Connection connect(Endpoints broker, String name) throws Exception {
        // AMQP 0-9-1 and AMQP 1.0 share the listener
        Endpoint endpoint = broker.first(Protocol.AMQP091, Protocol.AMQP);
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(endpoint.host());
        factory.setPort(endpoint.port());
        factory.setAutomaticRecoveryEnabled(false);
        factory.setConnectionTimeout(30_000);
        return factory.newConnection(name);
    }
}
