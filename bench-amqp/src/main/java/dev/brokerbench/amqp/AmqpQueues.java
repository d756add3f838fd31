package dev.brokerbench.amqp;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.brokerbench.core.result.BrokerCount;
import java.io.IOException;

/**
 * The one queue shape the suite uses on RabbitMQ: durable, not exclusive, not auto-delete, no arguments (a classic
 * queue, and the shape rabbitmq-jms declares, so every client path can share it).
 */
public final class AmqpQueues {
    private AmqpQueues() {
    }

    public static void declare(Channel channel, String queue) throws IOException {
        channel.queueDeclare(queue, true, false, false, null);
    }

    /** Declares the queue over its own short-lived connection (for clients that cannot declare it themselves). */
    public static void declare(String host, int port, String queue) throws Exception {
        try (Connection connection = shortLived(host, port).newConnection("brokerbench-declare");
             Channel channel = connection.createChannel()) {
            declare(channel, queue);
        }
    }

    /** RabbitMQ's own count of the queue's ready messages (a passive queue.declare), over a short-lived connection. */
    public static BrokerCount count(String host, int port, String queue) throws Exception {
        try (Connection connection = shortLived(host, port).newConnection("brokerbench-count");
             Channel channel = connection.createChannel()) {
            return new BrokerCount(channel.queueDeclarePassive(queue).getMessageCount(),
                    "RabbitMQ queue.declare (passive): ready messages");
        }
    }

    private static ConnectionFactory shortLived(String host, int port) {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(host);
        factory.setPort(port);
        factory.setAutomaticRecoveryEnabled(false);
        factory.setConnectionTimeout(30_000);
        return factory;
    }
}
