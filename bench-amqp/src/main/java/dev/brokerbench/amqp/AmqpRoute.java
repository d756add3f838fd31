package dev.brokerbench.amqp;

import com.rabbitmq.client.Channel;
import java.io.IOException;

/**
 * Where a publisher sends: a queue through the default exchange (routing key = queue name), or a topic, which on
 * RabbitMQ is a durable fanout exchange of that name with one queue bound per subscription ({@link AmqpSource}).
 *
 * @param exchange   "" for the default exchange
 * @param routingKey the queue's name; "" for a fanout exchange
 */
record AmqpRoute(String exchange, String routingKey) {
    static AmqpRoute queue(String queue) {
        return new AmqpRoute("", queue);
    }

    static AmqpRoute topic(String topic) {
        return new AmqpRoute(topic, "");
    }

    /** Makes the queue or exchange exist (every client declares what it uses). */
    void declare(Channel channel) throws IOException {
        if (exchange.isEmpty()) {
            AmqpQueues.declare(channel, routingKey);
        } else {
            declareTopic(channel, exchange);
        }
    }

    static void declareTopic(Channel channel, String topic) throws IOException {
        channel.exchangeDeclare(topic, "fanout", true);
    }

    /** e.g. {@code queue 'q'}, for errors. */
    String describe() {
        return exchange.isEmpty() ? "queue '" + routingKey + "'" : "exchange '" + exchange + "'";
    }
}
