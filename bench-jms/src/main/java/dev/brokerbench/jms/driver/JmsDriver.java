package dev.brokerbench.jms.driver;

import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * The one Jakarta Messaging driver: every client gets its own connection and session, producers send persistent
 * BytesMessages carrying the stamp as three long properties, consumers receive synchronously.
 */
public final class JmsDriver implements Driver {
    private final ConnectionFactory factory;
    private final ClientSpec spec;
    private final ClientInfo info;
    private final AsyncSend asyncSend;

    public JmsDriver(ConnectionFactory factory, ClientSpec spec, ClientInfo info, AsyncSend asyncSend) {
        this.factory = factory;
        this.spec = spec;
        this.info = info;
        this.asyncSend = asyncSend;
    }

    @Override
    public ClientInfo info() {
        return info;
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        Connection connection = factory.createConnection();
        try {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue(queue));
            producer.setDeliveryMode(spec.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            return new JmsPublisher(connection, session, producer, asyncSend);
        } catch (Exception e) {
            connection.close();
            throw e;
        }
    }

    @Override
    public Consumer consumer(String queue) throws Exception {
        Connection connection = factory.createConnection();
        try {
            boolean transacted = spec.ackMode() == AckMode.TRANSACTED;
            Session session = connection.createSession(transacted, JmsConsumer.sessionMode(spec.ackMode()));
            var consumer = session.createConsumer(session.createQueue(queue));
            connection.start();
            return new JmsConsumer(connection, session, consumer, spec.ackMode());
        } catch (Exception e) {
            connection.close();
            throw e;
        }
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
