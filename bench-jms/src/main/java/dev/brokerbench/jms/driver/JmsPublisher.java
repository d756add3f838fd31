package dev.brokerbench.jms.driver;

import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/** One connection, one session (transacted for a transacted publish), one producer on the workload's queue. */
final class JmsPublisher implements Publisher {
    private final Connection connection;
    private final Session session;
    private final MessageProducer producer;
    private final SyncSend syncSend;
    private final AsyncSend asyncSend;
    private final boolean selectorKey;

    JmsPublisher(Connection connection, Session session, MessageProducer producer, SyncSend syncSend,
                 AsyncSend asyncSend, boolean selectorKey) {
        this.selectorKey = selectorKey;
        this.connection = connection;
        this.session = session;
        this.producer = producer;
        this.syncSend = syncSend;
        this.asyncSend = asyncSend;
    }

    @Override
    public void send(Stamp stamp, byte[] payload) throws Exception {
        syncSend.send(producer, message(stamp, payload));
    }

    @Override
    public void sendAsync(Stamp stamp, byte[] payload, Confirmation confirmation) throws Exception {
        if (asyncSend == null) {
            throw new UnsupportedOperationException("this client path has no broker-confirmed async send");
        }
        asyncSend.send(producer, message(stamp, payload), confirmation);
    }

    /** A plain send: the session is transacted, so the message waits for the commit. */
    @Override
    public void sendTransacted(Stamp stamp, byte[] payload) throws Exception {
        producer.send(message(stamp, payload));
    }

    @Override
    public void commit() throws Exception {
        session.commit();
    }

    @Override
    public void rollback() throws Exception {
        session.rollback();
    }

    private BytesMessage message(Stamp stamp, byte[] payload) throws Exception {
        BytesMessage m = session.createBytesMessage();
        if (payload.length > 0) {
            m.writeBytes(payload);
        }
        m.setLongProperty(Stamp.STREAM, stamp.stream());
        m.setLongProperty(Stamp.SEQUENCE, stamp.sequence());
        m.setLongProperty(Stamp.SEND_NANOS, stamp.sendNanos());
        if (selectorKey) {
            m.setIntProperty(Stamp.SELECTOR_KEY, stamp.selectorKey());
        }
        return m;
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
