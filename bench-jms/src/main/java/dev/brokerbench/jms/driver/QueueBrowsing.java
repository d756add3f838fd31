package dev.brokerbench.jms.driver;

import dev.brokerbench.core.result.BrokerCount;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import java.util.Enumeration;

/** Counts a queue's messages with a JMS QueueBrowser: what the broker lists, without consuming anything. */
public final class QueueBrowsing {
    private QueueBrowsing() {
    }

    public static BrokerCount count(ConnectionFactory factory, String queue) throws Exception {
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            try (QueueBrowser browser = session.createBrowser(session.createQueue(queue))) {
                long n = 0;
                for (Enumeration<?> e = browser.getEnumeration(); e.hasMoreElements(); e.nextElement()) {
                    n++;
                }
                return new BrokerCount(n, "JMS QueueBrowser: messages the broker lists on the queue");
            }
        }
    }
}
