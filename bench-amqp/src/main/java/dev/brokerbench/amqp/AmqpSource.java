package dev.brokerbench.amqp;

import com.rabbitmq.client.Channel;
import dev.brokerbench.core.spi.Subscription;
import java.io.IOException;

/**
 * What an {@link AmqpConsumer} consumes: a queue the suite's clients share (declared when the consumer opens), or a
 * subscription: a queue of its own named after it and bound to the topic's fanout exchange when the consumer starts
 * (durable, or exclusive and auto-deleted), deleted again when the consumer closes.
 */
interface AmqpSource {
    /** The queue basic.consume reads. */
    String queue();

    /** When the consumer opens. */
    default void open(Channel channel) throws IOException {
    }

    /** When the consumer starts, before basic.consume. */
    default void subscribe(Channel channel) throws IOException {
    }

    /** When the consumer closes, before its connection does. */
    default void release(Channel channel) throws IOException {
    }

    static AmqpSource queue(String queue) {
        return new AmqpSource() {
            @Override
            public String queue() {
                return queue;
            }

            @Override
            public void open(Channel channel) throws IOException {
                AmqpQueues.declare(channel, queue);
            }
        };
    }

    static AmqpSource subscription(Subscription subscription) {
        return new AmqpSource() {
            @Override
            public String queue() {
                return subscription.name();
            }

            @Override
            public void subscribe(Channel channel) throws IOException {
                AmqpRoute.declareTopic(channel, subscription.topic());
                boolean durable = subscription.durable();
                channel.queueDeclare(subscription.name(), durable, !durable, !durable, null);
                channel.queueBind(subscription.name(), subscription.topic(), "");
            }

            @Override
            public void release(Channel channel) throws IOException {
                channel.queueDelete(subscription.name());
            }
        };
    }
}
