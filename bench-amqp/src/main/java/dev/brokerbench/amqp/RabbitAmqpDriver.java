package dev.brokerbench.amqp;

import com.rabbitmq.client.ConnectionFactory;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Calls;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Topics;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcServer;
import dev.brokerbench.core.spi.ServerReceipt;
import dev.brokerbench.core.spi.Subscription;

/** The rabbitmq-amqp091 path connected to one broker: a connection of its own per client, from one factory. */
final class RabbitAmqpDriver implements Driver, Topics, Calls {
    private final ConnectionFactory factory;
    private final ClientSpec spec;
    private final ClientInfo info;
    private final String pathId;

    RabbitAmqpDriver(ConnectionFactory factory, ClientSpec spec, ClientInfo info, String pathId) {
        this.factory = factory;
        this.spec = spec;
        this.info = info;
        this.pathId = pathId;
    }

    @Override
    public ClientInfo info() {
        return info;
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        return publisher(AmqpRoute.queue(queue), PublishMode.ASYNC);
    }

    @Override
    public Publisher publisher(String queue, PublishMode mode) throws Exception {
        return publisher(AmqpRoute.queue(queue), mode);
    }

    @Override
    public Publisher topicPublisher(String topic, PublishMode mode) throws Exception {
        return publisher(AmqpRoute.topic(topic), mode);
    }

    private Publisher publisher(AmqpRoute route, PublishMode mode) throws Exception {
        return mode == PublishMode.SYNC || mode == PublishMode.ASYNC
                ? new AmqpPublisher(factory.newConnection(pathId), route, spec.persistent())
                : new AmqpPlainPublisher(factory.newConnection(pathId), route, spec.persistent(),
                        mode == PublishMode.TRANSACTED);
    }

    @Override
    public Consumer consumer(String queue) throws Exception {
        return new AmqpConsumer(factory.newConnection(pathId), AmqpSource.queue(queue), spec.prefetch(),
                spec.ackMode());
    }

    @Override
    public Consumer subscriber(Subscription subscription) throws Exception {
        return new AmqpConsumer(factory.newConnection(pathId), AmqpSource.subscription(subscription),
                spec.prefetch(), spec.ackMode());
    }

    @Override
    public void verifyConnection() throws Exception {
        factory.newConnection(pathId).close();
    }

    @Override
    public Requester requester(String queue, boolean replies) throws Exception {
        return new AmqpRequester(factory.newConnection(pathId), queue, spec.persistent(), replies);
    }

    @Override
    public RpcServer rpcServer(String queue, int sessions, ServerReceipt onReceive) throws Exception {
        return AmqpRpcServer.start(factory, queue, sessions, spec.prefetch(), onReceive);
    }

    @Override
    public void close() {
    }
}
