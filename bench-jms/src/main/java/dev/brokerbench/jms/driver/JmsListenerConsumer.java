package dev.brokerbench.jms.driver;

import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A consumer for libraries whose synchronous {@code receive()} does not prefetch: a MessageListener (which does)
 * hands messages to the client thread. Only AUTO and DUPS_OK acknowledgement, which the library performs itself.
 */
final class JmsListenerConsumer implements Consumer {
    private final Connection connection;
    private final BlockingQueue<Message> delivered = new LinkedBlockingQueue<>();
    private final MessageReader reader = new MessageReader();

    JmsListenerConsumer(Connection connection, MessageConsumer consumer) throws Exception {
        this.connection = connection;
        consumer.setMessageListener(delivered::add);
    }

    @Override
    public boolean receive(long timeoutMillis, Delivery sink) throws Exception {
        Message m = delivered.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (m == null) {
            return false;
        }
        reader.deliver(m, sink);
        return true;
    }

    @Override
    public void acknowledge() {
        // the library acknowledged on delivery (AUTO / DUPS_OK)
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
