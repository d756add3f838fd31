package dev.brokerbench.brokers.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.QueueAdmin;
import dev.brokerbench.core.result.BrokerCount;
import java.io.IOException;
import java.util.Optional;

/**
 * RabbitMQ's queues, over AMQP 0-9-1 on a short-lived connection of their own: the one shape the suite uses (durable,
 * not exclusive, not auto-delete, no arguments, the shape rabbitmq-jms declares, so every client path can share it:
 * a classic queue, or a quorum queue where the virtual host's default queue type is quorum) declared before a cell, so an AMQP 1.0 client addressing {@code /amq/queue/NAME} finds it; and
 * the broker's own count (a passive queue.declare). A queue the broker does not have counts as 0, said so in the
 * count's source: RabbitMQ 3.10 sometimes comes back from a kill -9 without a queue declared just before it, and
 * "the broker holds none of them" is then the second witness's answer.
 */
final class RabbitMqQueues implements QueueAdmin {
    private static final String SOURCE = "RabbitMQ queue.declare (passive)";

    @Override
    public void prepare(Endpoints broker, String queue) throws Exception {
        try (Connection connection = connect(broker, "brokerbench-declare");
             Channel channel = connection.createChannel()) {
            channel.queueDeclare(queue, true, false, false, null);
        }
    }

    @Override
    public Optional<BrokerCount> count(Endpoints broker, String queue) throws Exception {
        // the channel is closed by the broker on a 404, so it is closed with the connection, not on its own
        try (Connection connection = connect(broker, "brokerbench-count")) {
            Channel channel = connection.createChannel();
            try {
                return Optional.of(new BrokerCount(channel.queueDeclarePassive(queue).getMessageCount(),
                        SOURCE + ": ready messages"));
            } catch (IOException e) {
                if (notFound(e)) {
                    return Optional.of(new BrokerCount(0, SOURCE + ": 404 NOT_FOUND, the broker has no such queue"));
                }
                throw e;
            }
        }
    }

    private static boolean notFound(IOException e) {
        return e.getCause() instanceof ShutdownSignalException signal
                && signal.getReason() instanceof AMQP.Channel.Close close
                && close.getReplyCode() == AMQP.NOT_FOUND;
    }

    private static Connection connect(Endpoints broker, String name) throws Exception {
        // AMQP 0-9-1 and AMQP 1.0 share the listener
        Endpoint endpoint = broker.first(Protocol.AMQP091, Protocol.AMQP);
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(endpoint.host());
        factory.setPort(endpoint.port());
        factory.setAutomaticRecoveryEnabled(false);
        factory.setConnectionTimeout(30_000);
        // a node the user runs: the user's credentials (else guest, as the paths) and TLS as the URL says
        endpoint.credentials().user().ifPresent(user -> {
            factory.setUsername(user);
            factory.setPassword(endpoint.credentials().password().orElse(""));
        });
        if (endpoint.tls().isPresent()) {
            factory.useSslProtocol(endpoint.tls().get().sslContext());
            factory.enableHostnameVerification();
        }
        // any node of a cluster: a quorum queue's leader is the node its declaration reached
        return factory.newConnection(endpoint.addresses().stream()
                .map(a -> new com.rabbitmq.client.Address(a.host(), a.port())).toList(), name);
    }
}
