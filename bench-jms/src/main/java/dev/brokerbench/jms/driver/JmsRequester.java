package dev.brokerbench.jms.driver;

import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.Requester;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A JMS request/reply client: one connection, a session that sends requests carrying JMSReplyTo (a TemporaryQueue of
 * this connection) and JMSCorrelationID, and a second session whose MessageListener takes the replies (a session
 * with a listener must not also be used to send).
 */
final class JmsRequester implements Requester {
    private final Connection connection;
    private final Session session;
    private final MessageProducer producer;
    private final TemporaryQueue replyTo;
    private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();

    /** @param withReplies create the reply queue and its listener (not for a one-way client) */
    JmsRequester(Connection connection, String queue, int deliveryMode, boolean withReplies) throws Exception {
        this.connection = connection;
        this.session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        this.producer = session.createProducer(session.createQueue(queue));
        producer.setDeliveryMode(deliveryMode);
        this.replyTo = withReplies ? session.createTemporaryQueue() : null;
        if (withReplies) {
            Session replySession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            replySession.createConsumer(replyTo).setMessageListener(m -> replies.add(
                    new Reply(correlation(m), body(m))));
        }
        connection.start();
    }

    private static long correlation(Message m) {
        try {
            return Reply.parse(m.getJMSCorrelationID());
        } catch (jakarta.jms.JMSException e) {
            return Reply.NO_CORRELATION;
        }
    }

    /** The body of a BytesMessage; null for any other message (counted as a wrong reply). */
    static byte[] body(Message m) {
        try {
            if (!(m instanceof BytesMessage b)) {
                return null;
            }
            byte[] body = new byte[(int) b.getBodyLength()];
            b.readBytes(body);
            return body;
        } catch (jakarta.jms.JMSException e) {
            return null;
        }
    }

    @Override
    public void request(long correlationId, byte[] payload) throws Exception {
        BytesMessage m = session.createBytesMessage();
        m.writeBytes(payload);
        m.setJMSCorrelationID(Long.toString(correlationId));
        m.setJMSReplyTo(replyTo);
        producer.send(m);
    }

    @Override
    public Reply poll(long timeoutMillis) throws InterruptedException {
        return replies.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void cast(long correlationId, byte[] payload) throws Exception {
        BytesMessage m = session.createBytesMessage();
        m.writeBytes(payload);
        m.setJMSCorrelationID(Long.toString(correlationId));
        producer.send(m);
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
