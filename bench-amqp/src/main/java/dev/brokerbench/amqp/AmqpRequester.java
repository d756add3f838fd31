package dev.brokerbench.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.Requester;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * RabbitMQ request/reply the way RabbitMQ recommends it: requests to the default exchange with reply_to
 * {@code amq.rabbitmq.reply-to} (direct reply-to: no reply queue is declared; the consumer on the pseudo-queue is
 * no-ack, on the channel that publishes) and correlation_id.
 */
final class AmqpRequester implements Requester {
    static final String DIRECT_REPLY_TO = "amq.rabbitmq.reply-to";
    private final Connection connection;
    private final Channel channel;
    private final String queue;
    private final int deliveryMode;
    private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();

    /** @param withReplies consume direct reply-to (not for a one-way client) */
    AmqpRequester(Connection connection, String queue, boolean persistent, boolean withReplies) throws Exception {
        this.connection = connection;
        this.queue = queue;
        this.deliveryMode = persistent ? 2 : 1;
        try {
            this.channel = connection.createChannel();
            AmqpQueues.declare(channel, queue);
            if (withReplies) {
                consumeReplies();
            }
        } catch (Exception e) {
            connection.close();
            throw e;
        }
    }

    private void consumeReplies() throws java.io.IOException {
        channel.basicConsume(DIRECT_REPLY_TO, true, new DefaultConsumer(channel) {
            @Override
            public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
                replies.add(new Reply(Reply.parse(properties.getCorrelationId()), body));
            }
        });
    }

    @Override
    public void request(long correlationId, byte[] payload) throws Exception {
        channel.basicPublish("", queue, new AMQP.BasicProperties.Builder().deliveryMode(deliveryMode)
                .replyTo(DIRECT_REPLY_TO).correlationId(Long.toString(correlationId)).build(), payload);
    }

    @Override
    public Reply poll(long timeoutMillis) throws InterruptedException {
        return replies.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void cast(long correlationId, byte[] payload) throws Exception {
        channel.basicPublish("", queue, new AMQP.BasicProperties.Builder().deliveryMode(deliveryMode)
                .correlationId(Long.toString(correlationId)).build(), payload);
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
