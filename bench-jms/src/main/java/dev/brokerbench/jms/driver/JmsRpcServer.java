package dev.brokerbench.jms.driver;

import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.RpcPayload;
import dev.brokerbench.core.spi.RpcSessions;
import dev.brokerbench.core.spi.ServerReceipt;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * JMS server sessions, each on its own connection with a MessageListener on the request queue: a request is
 * answered on the same session to its JMSReplyTo, with its JMSCorrelationID and every body byte + 1 (non-persistent:
 * the reply queue is temporary); a message without JMSReplyTo is one-way and only counted. Each is reported to the
 * phase with its JMSCorrelationID.
 */
final class JmsRpcServer extends RpcSessions {

    static JmsRpcServer start(ConnectionFactory factory, String queue, int sessions, ServerReceipt onReceive)
            throws Exception {
        JmsRpcServer server = new JmsRpcServer();
        try {
            for (int i = 0; i < sessions; i++) {
                server.session(factory.createConnection(), queue, onReceive);
            }
        } catch (Exception e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void session(Connection connection, String queue, ServerReceipt onReceive) throws Exception {
        keep(connection);
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer replies = session.createProducer(null);
        replies.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        session.createConsumer(session.createQueue(queue)).setMessageListener(m -> {
            counted(onReceive, correlation(m));
            try {
                Destination replyTo = m.getJMSReplyTo();
                if (replyTo == null) {
                    return;
                }
                byte[] body = JmsRequester.body(m);
                BytesMessage reply = session.createBytesMessage();
                reply.writeBytes(RpcPayload.transform(body == null ? new byte[0] : body));
                reply.setJMSCorrelationID(m.getJMSCorrelationID());
                replies.send(replyTo, reply);
            } catch (Exception e) {
                // no reply: the client counts the call as timed out
            }
        });
        connection.start();
    }

    /** The message's JMSCorrelationID as a number; {@link Reply#NO_CORRELATION} if none or unreadable. */
    private static long correlation(Message m) {
        try {
            return Reply.parse(m.getJMSCorrelationID());
        } catch (JMSException e) {
            return Reply.NO_CORRELATION;
        }
    }
}
