package dev.brokerbench.jms.driver;

import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.Selection;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Calls;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcServer;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Selectors;
import dev.brokerbench.core.spi.Subscription;
import dev.brokerbench.core.spi.Topics;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * The one Jakarta Messaging driver: every client gets its own connection and session, producers send persistent
 * BytesMessages carrying the stamp as three long properties, consumers receive synchronously.
 */
public final class JmsDriver implements Driver, Topics, Selectors, Calls {
    private final ConnectionFactory factory;
    private final ClientSpec spec;
    private final ClientInfo info;
    private final JmsDriverFactory provider;
    private final String brokerId;
    private final dev.brokerbench.core.broker.Endpoint endpoint;

    JmsDriver(ConnectionFactory factory, ClientSpec spec, ClientInfo info, JmsDriverFactory provider, String brokerId,
              dev.brokerbench.core.broker.Endpoint endpoint) {
        this.factory = factory;
        this.spec = spec;
        this.info = info;
        this.provider = provider;
        this.brokerId = brokerId;
        this.endpoint = endpoint;
    }

    @Override
    public ClientInfo info() {
        return info;
    }

    /** Builds a client on a new connection of its own, closing the connection if the build fails. */
    @FunctionalInterface
    private interface OnConnection<T> {
        T build(Connection connection) throws Exception;
    }

    private <T> T onNewConnection(String queue, OnConnection<T> build) throws Exception {
        return onNewConnection(factory, queue, build);
    }

    private <T> T onNewConnection(ConnectionFactory from, String queue, OnConnection<T> build) throws Exception {
        Connection connection = from.createConnection();
        try {
            return build.build(connection);
        } catch (Exception e) {
            connection.close();
            throw e;
        }
    }

    @Override
    public void verifyConnection() throws Exception {
        // started: OpenWire logs in only when a connection is first used
        try (jakarta.jms.Connection connection = factory.createConnection()) {
            connection.start();
        }
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        return publisher(queue, false, session -> session.createQueue(queue));
    }

    /** A transacted session for {@link dev.brokerbench.core.model.PublishMode#TRANSACTED}. */
    @Override
    public Publisher publisher(String queue, dev.brokerbench.core.model.PublishMode mode) throws Exception {
        return publisher(queue, mode == dev.brokerbench.core.model.PublishMode.TRANSACTED,
                session -> session.createQueue(queue));
    }

    @Override
    public Publisher topicPublisher(String topic, dev.brokerbench.core.model.PublishMode mode) throws Exception {
        return publisher(topic, false, session -> session.createTopic(topic));
    }

    private Publisher publisher(String name, boolean transacted, DestinationOf destination) throws Exception {
        return onNewConnection(name, connection -> {
            if (transacted) {
                provider.forTransactedSends(connection);
            }
            Session session = transacted ? connection.createSession(true, Session.SESSION_TRANSACTED)
                    : connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(destination.of(session));
            producer.setDeliveryMode(spec.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            return new JmsPublisher(connection, session, producer, provider.syncSend(), provider.asyncSend(),
                    spec.selectorKey());
        });
    }

    /** A queue or a topic, made by the session it is used on. */
    @FunctionalInterface
    private interface DestinationOf {
        jakarta.jms.Destination of(Session session) throws jakarta.jms.JMSException;
    }

    /** Connection and session only: the JMS consumer is created, and the connection started, in start(). */
    @Override
    public Consumer consumer(String queue) throws Exception {
        return consumer(queue, null, Attach.queue(queue));
    }

    /** The selector on the message's selector key (sequence mod 100): {@code bbKey < N}. */
    @Override
    public Consumer consumer(String queue, Selection selection) throws Exception {
        return consumer(queue, null, Attach.queue(queue, selector(selection)));
    }

    static String selector(Selection selection) {
        return dev.brokerbench.core.spi.Stamp.SELECTOR_KEY + " < " + selection.matchingPercent();
    }

    /**
     * A durable subscriber's connection carries the subscription's name as its client id (set first, as JMS
     * requires); the subscription itself is made in start() and removed at close().
     */
    @Override
    public Consumer subscriber(Subscription subscription) throws Exception {
        return consumer(subscription.topic(), subscription.durable() ? subscription.name() : null,
                Attach.subscription(subscription));
    }

    private Consumer consumer(String address, String clientId, Attach attach) throws Exception {
        return onNewConnection(provider.consumerFactory(factory, brokerId, endpoint, spec, address), address,
                connection -> {
                    if (clientId != null) {
                        connection.setClientID(clientId);
                    }
                    boolean listener = provider.prefetchesOnlyWithListener();
                    boolean transacted = spec.ackMode() == AckMode.TRANSACTED;
                    Session session = connection.createSession(transacted, listener
                            ? JmsListenerConsumer.sessionMode(spec.ackMode()) : JmsConsumer.sessionMode(spec.ackMode()));
                    return listener ? new JmsListenerConsumer(connection, session, attach, spec.ackMode())
                            : new JmsConsumer(connection, session, attach, spec.ackMode());
                });
    }

    @Override
    public Requester requester(String queue, boolean replies) throws Exception {
        return onNewConnection(queue, connection -> new JmsRequester(connection, queue,
                spec.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT, replies));
    }

    /**
     * The server sessions consume the request queue, so they connect as the queue's consumers do (the provider's
     * consumer factory: the prefetch as defined; for Artemis no confirmation window, without which the broker drops a
     * killed server's session when its connection breaks instead of keeping it 60 s for a reattachment that never
     * comes, with the requests dispatched to it).
     */
    @Override
    public RpcServer rpcServer(String queue, int sessions, dev.brokerbench.core.spi.ServerReceipt onReceive)
            throws Exception {
        return JmsRpcServer.start(provider.consumerFactory(factory, brokerId, endpoint, spec, queue), queue, sessions,
                onReceive);
    }

    @Override
    public java.util.Optional<dev.brokerbench.core.result.BrokerCount> brokerCount(String queue) throws Exception {
        return provider.brokerCount(factory, brokerId, endpoint, queue);
    }

    @Override
    public void close() {
        if (factory instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // the factory holds no broker state; nothing to recover
            }
        }
    }
}
