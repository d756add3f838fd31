package dev.brokerbench.jms.driver;

import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.Session;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A consumer for libraries whose synchronous {@code receive()} does not prefetch: a MessageListener (which does)
 * hands messages to the client thread. The session acknowledges explicitly (CLIENT_ACKNOWLEDGE): with AUTO the
 * library would acknowledge each message as it hands it to the listener, the broker's prefetch limit would never
 * bind, and the hand-off queue would hold the whole queue. Here a message is acknowledged after the client thread
 * took it (AUTO, DUPS_OK) or when the client acknowledges (CLIENT), so at most the prefetch is ever in flight.
 */
final class JmsListenerConsumer implements Consumer {
    private final Connection connection;
    private final Session session;
    private final Attach attach;
    private final AckMode ackMode;
    private final BlockingQueue<Message> delivered = new LinkedBlockingQueue<>();
    private final MessageReader reader = new MessageReader();
    private Message last;
    private jakarta.jms.MessageConsumer consumer;

    JmsListenerConsumer(Connection connection, Session session, Attach attach, AckMode ackMode) {
        this.connection = connection;
        this.session = session;
        this.attach = attach;
        this.ackMode = ackMode;
    }

    static int sessionMode(AckMode mode) {
        return mode == AckMode.TRANSACTED ? Session.SESSION_TRANSACTED : Session.CLIENT_ACKNOWLEDGE;
    }

    @Override
    public void start() throws Exception {
        consumer = attach.open(session);
        consumer.setMessageListener(delivered::add);
        connection.start();
    }

    @Override
    public boolean receive(long timeoutMillis, Delivery sink) throws Exception {
        Message m = delivered.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (m == null) {
            return false;
        }
        reader.deliver(m, sink);
        if (ackMode == AckMode.AUTO || ackMode == AckMode.DUPS_OK) {
            m.acknowledge();
        } else {
            last = m;
        }
        return true;
    }

    @Override
    public void acknowledge() throws Exception {
        if (last == null) {
            return;
        }
        if (ackMode == AckMode.TRANSACTED) {
            session.commit();
        } else {
            last.acknowledge();
        }
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
