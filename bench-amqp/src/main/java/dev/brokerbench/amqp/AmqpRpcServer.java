package dev.brokerbench.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.RpcPayload;
import dev.brokerbench.core.spi.RpcSessions;
import dev.brokerbench.core.spi.ServerReceipt;
import java.io.IOException;

/**
 * AMQP 0-9-1 server sessions, each a connection and channel consuming the request queue with basic.qos(prefetch)
 * and manual acks: a request is answered to its reply_to with its correlation_id and every body byte + 1, then
 * acknowledged; a message without reply_to is one-way and only counted. Each is reported to the phase with its
 * correlation_id.
 */
final class AmqpRpcServer extends RpcSessions {

    static AmqpRpcServer start(ConnectionFactory factory, String queue, int sessions, int prefetch,
                               ServerReceipt onReceive) throws Exception {
        AmqpRpcServer server = new AmqpRpcServer();
        try {
            for (int i = 0; i < sessions; i++) {
                server.session(factory.newConnection("brokerbench-rpc-server"), queue, prefetch, onReceive);
            }
        } catch (Exception e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void session(Connection connection, String queue, int prefetch, ServerReceipt onReceive)
            throws IOException {
        keep(connection);
        Channel channel = connection.createChannel();
        AmqpQueues.declare(channel, queue);
        channel.basicQos(prefetch);
        channel.basicConsume(queue, false, new DefaultConsumer(channel) {
            @Override
            public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                    throws IOException {
                counted(onReceive, Reply.parse(properties.getCorrelationId()));
                if (properties.getReplyTo() != null) {
                    channel.basicPublish("", properties.getReplyTo(), new AMQP.BasicProperties.Builder()
                            .correlationId(properties.getCorrelationId()).build(), RpcPayload.transform(body));
                }
                channel.basicAck(envelope.getDeliveryTag(), false);
            }
        });
    }
}
