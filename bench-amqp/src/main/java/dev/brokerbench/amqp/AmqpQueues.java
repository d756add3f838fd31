package dev.brokerbench.amqp;

import com.rabbitmq.client.Channel;
import java.io.IOException;

/**
 * The one queue shape the suite uses on RabbitMQ, declared by this path on its own channels: durable, not exclusive,
 * not auto-delete, no arguments (the shape rabbitmq-jms and the broker's module declare, so every client path can
 * share it): a classic queue, or a quorum queue where the virtual host's default queue type is quorum.
 */
public final class AmqpQueues {
    private AmqpQueues() {
    }

    public static void declare(Channel channel, String queue) throws IOException {
        channel.queueDeclare(queue, true, false, false, null);
    }
}
