package dev.brokerbench.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import dev.brokerbench.core.spi.Stamp;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One connection, one channel with {@code basic.qos(prefetch)} and a manual-ack {@code basic.consume} (issued in
 * {@link #start()}, so the broker pushes nothing before the phase starts); deliveries are
 * handed to the caller's thread. AUTO acknowledges each message after it was handed over, CLIENT acknowledges
 * everything so far with {@code multiple=true}, TRANSACTED commits a channel transaction.
 */
final class AmqpConsumer implements Consumer {
    private record Message(long tag, AMQP.BasicProperties properties, byte[] body, boolean redelivered) {
    }

    private final Connection connection;
    private final Channel channel;
    private final AckMode ackMode;
    private final AmqpSource source;
    private final BlockingQueue<Message> deliveries = new LinkedBlockingQueue<>();
    private long lastTag = -1;

    AmqpConsumer(Connection connection, AmqpSource source, int prefetch, AckMode ackMode) throws Exception {
        this.connection = connection;
        this.ackMode = ackMode;
        this.source = source;
        this.channel = connection.createChannel();
        source.open(channel);
        channel.basicQos(prefetch);
        if (ackMode == AckMode.TRANSACTED) {
            channel.txSelect();
        }
    }

    @Override
    public void start() throws Exception {
        source.subscribe(channel);
        channel.basicConsume(source.queue(), false, new DefaultConsumer(channel) {
            @Override
            public void handleDelivery(String consumerTag, Envelope envelope, AMQP.BasicProperties properties,
                                       byte[] body) {
                deliveries.add(new Message(envelope.getDeliveryTag(), properties, body, envelope.isRedeliver()));
            }
        });
    }

    @Override
    public boolean receive(long timeoutMillis, Delivery sink) throws Exception {
        Message m = deliveries.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (m == null) {
            return false;
        }
        Map<String, Object> headers = m.properties().getHeaders();
        if (headers != null && headers.get(Stamp.STREAM) instanceof Number stream) {
            sink.accept(stream.longValue(), ((Number) headers.get(Stamp.SEQUENCE)).longValue(),
                    ((Number) headers.get(Stamp.SEND_NANOS)).longValue(), m.body().length, m.redelivered());
        } else {
            sink.accept(Stamp.NONE, -1, 0, m.body().length, m.redelivered());
        }
        lastTag = m.tag();
        if (ackMode == AckMode.AUTO || ackMode == AckMode.DUPS_OK) {
            channel.basicAck(m.tag(), false);
        }
        return true;
    }

    @Override
    public void acknowledge() throws Exception {
        if (lastTag < 0) {
            return;
        }
        if (ackMode == AckMode.CLIENT) {
            channel.basicAck(lastTag, true);
        } else if (ackMode == AckMode.TRANSACTED) {
            channel.basicAck(lastTag, true);
            channel.txCommit();
        }
        lastTag = -1;
    }

    /**
     * {@code tx.rollback} only forgets the transaction's acknowledgements: the messages stay unacknowledged on this
     * channel. So they are then given back, {@code basic.nack} multiple with requeue of everything up to the last one
     * taken (those prefetched but not yet taken keep their place), and that is committed.
     */
    @Override
    public void rollback() throws Exception {
        channel.txRollback();
        if (lastTag >= 0) {
            channel.basicNack(lastTag, true, true);
            channel.txCommit();
        }
        lastTag = -1;
    }

    @Override
    public void close() throws Exception {
        try {
            if (channel.isOpen()) {
                source.release(channel);
            }
        } finally {
            connection.close();
        }
    }
}
