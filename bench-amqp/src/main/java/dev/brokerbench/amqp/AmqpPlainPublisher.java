package dev.brokerbench.amqp;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;

/**
 * One connection, one channel not in confirm mode, {@code basic.publish} of persistent messages along its
 * {@link AmqpRoute}: fire and forget (a send returns once the client wrote the frame; the broker is never asked to
 * confirm), or, transacted, a channel in {@code tx.select} whose publishes reach the queue at {@code tx.commit}.
 */
final class AmqpPlainPublisher implements Publisher {
    private final Connection connection;
    private final Channel channel;
    private final AmqpRoute route;
    private final int deliveryMode;

    AmqpPlainPublisher(Connection connection, AmqpRoute route, boolean persistent, boolean transacted)
            throws Exception {
        this.connection = connection;
        this.route = route;
        this.deliveryMode = persistent ? 2 : 1;
        this.channel = connection.createChannel();
        route.declare(channel);
        if (transacted) {
            channel.txSelect();
        }
    }

    @Override
    public void sendUnconfirmed(Stamp stamp, byte[] payload) throws Exception {
        channel.basicPublish(route.exchange(), route.routingKey(), false, AmqpPublisher.stamped(deliveryMode, stamp), payload);
    }

    /** A publish on the channel in {@code tx.select}: held by the broker until the commit. */
    @Override
    public void sendTransacted(Stamp stamp, byte[] payload) throws Exception {
        sendUnconfirmed(stamp, payload);
    }

    @Override
    public void commit() throws Exception {
        channel.txCommit();
    }

    @Override
    public void rollback() throws Exception {
        channel.txRollback();
    }

    @Override
    public void send(Stamp stamp, byte[] payload) {
        throw new IllegalStateException("a channel without publisher confirms confirms nothing");
    }

    @Override
    public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) {
        throw new IllegalStateException("a channel without publisher confirms confirms nothing");
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
