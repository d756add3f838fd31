package dev.brokerbench.amqp;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
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
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(host);
        factory.setPort(port);
        factory.setAutomaticRecoveryEnabled(false);
        factory.setConnectionTimeout(30_000);
        try (Connection connection = factory.newConnection("brokerbench-declare");
             Channel channel = connection.createChannel()) {
            declare(channel, queue);
        }
    }
}
