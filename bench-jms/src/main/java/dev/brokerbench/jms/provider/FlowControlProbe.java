package dev.brokerbench.jms.provider;

import dev.brokerbench.core.spi.ScratchQueues;
import dev.brokerbench.core.spi.Stamp;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.apache.activemq.artemis.core.client.impl.ClientMessageInternal;
import org.apache.activemq.artemis.jms.client.ActiveMQMessage;

/**
 * Measures the bytes Artemis counts against a consumer's window for one of the suite's messages: the message goes
 * through a scratch queue (a name as long as the real queue's: the address is in every packet) exactly as the JMS
 * publisher sends it, and the received message's flow-control size is read back.
 */
final class FlowControlProbe {
    private FlowControlProbe() {
    }

    static int measure(ConnectionFactory factory, int queueNameLength, int payloadBytes) throws Exception {
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue scratch = session.createQueue(ScratchQueues.name("bb-flow-", queueNameLength));
            MessageProducer producer = session.createProducer(scratch);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            BytesMessage m = session.createBytesMessage();
            if (payloadBytes > 0) {
                m.writeBytes(new byte[payloadBytes]);
            }
            m.setLongProperty(Stamp.STREAM, Long.MAX_VALUE);
            m.setLongProperty(Stamp.SEQUENCE, Long.MAX_VALUE);
            m.setLongProperty(Stamp.SEND_NANOS, Long.MAX_VALUE);
            producer.send(m);
            try (MessageConsumer consumer = session.createConsumer(scratch)) {
                if (!(consumer.receive(10_000) instanceof ActiveMQMessage received)) {
                    throw new IllegalStateException("Artemis flow-control probe: the scratch message did not come back"
                            + " within 10 s");
                }
                return ((ClientMessageInternal) received.getCoreMessage()).getFlowControlSize();
            }
        }
    }
}
