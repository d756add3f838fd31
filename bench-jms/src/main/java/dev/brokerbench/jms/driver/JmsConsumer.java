package dev.brokerbench.jms.driver;

import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;

/**
 * One connection, one session, one synchronous consumer; reads every body fully, as a real consumer would. The
 * MessageConsumer is created in {@link #start()}: some libraries (ActiveMQ's) are sent their prefetch as soon as the
 * consumer exists, even on a stopped connection.
 */
final class JmsConsumer implements Consumer {
    private final Connection connection;
    private final Session session;
    private final Attach attach;
    private final AckMode ackMode;
    private final MessageReader reader = new MessageReader();
    private MessageConsumer consumer;
    private Message last;

    JmsConsumer(Connection connection, Session session, Attach attach, AckMode ackMode) {
        this.connection = connection;
        this.session = session;
        this.attach = attach;
        this.ackMode = ackMode;
    }

    static int sessionMode(AckMode mode) {
        return switch (mode) {
            case AUTO -> Session.AUTO_ACKNOWLEDGE;
            case CLIENT -> Session.CLIENT_ACKNOWLEDGE;
            case DUPS_OK -> Session.DUPS_OK_ACKNOWLEDGE;
            case TRANSACTED -> Session.SESSION_TRANSACTED;
        };
    }

    @Override
    public void start() throws Exception {
        consumer = attach.open(session);
        connection.start();
    }

    @Override
    public boolean receive(long timeoutMillis, Delivery sink) throws Exception {
        Message m = consumer.receive(Math.max(1, timeoutMillis));
        if (m == null) {
            return false;
        }
        last = m;
        reader.deliver(m, sink);
        return true;
    }

    @Override
    public void acknowledge() throws Exception {
        if (last == null) {
            return;
        }
        if (ackMode == AckMode.CLIENT) {
            last.acknowledge();
        } else if (ackMode == AckMode.TRANSACTED) {
            session.commit();
        }
        last = null;
    }

    @Override
    public void rollback() throws Exception {
        session.rollback();
        last = null;
    }

    @Override
    public void close() throws Exception {
        try {
            if (consumer != null) {
                attach.release(consumer, session);
            }
        } finally {
            connection.close();
        }
    }
}
