package dev.brokerbench.amqp;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;

/**
 * One connection, one channel not in confirm mode: {@code basic.publish} of persistent messages along its
 * {@link AmqpRoute}, returning once the client wrote the frame (fire and forget; the broker is never asked to confirm).
 */
final class AmqpUnconfirmedPublisher implements Publisher {
    private final Connection connection;
    private final Channel channel;
    private final AmqpRoute route;
    private final int deliveryMode;

    AmqpUnconfirmedPublisher(Connection connection, AmqpRoute route, boolean persistent) throws Exception {
        this.connection = connection;
        this.route = route;
        this.deliveryMode = persistent ? 2 : 1;
        this.channel = connection.createChannel();
        route.declare(channel);
    }

    @Override
    public void sendUnconfirmed(Stamp stamp, byte[] payload) throws Exception {
        channel.basicPublish(route.exchange(), route.routingKey(), false, AmqpPublisher.stamped(deliveryMode, stamp), payload);
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
