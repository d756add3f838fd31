package dev.brokerbench.jms.jndi;

import dev.brokerbench.core.run.ErrorLog;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Support;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import dev.brokerbench.jms.driver.SyncSend;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * What a provider the suite knows nothing about can do, found out by doing it once on a probe queue before the run:
 * a persistent send (it must work), a send with a JMS 2.0 CompletionListener (async publish), a temporary queue
 * (request/reply). The probe queue is emptied afterwards. Prefetch and confirmation are the provider's own settings,
 * so the figures that depend on them are "as configured".
 */
final class ProviderProbe {
    static final String QUEUE = "brokerbench.probe";
    private static final Duration WAIT = Duration.ofSeconds(10);

    private ProviderProbe() {
    }

    /** The capabilities found; an error naming the option to fix when the provider cannot even connect and send. */
    static Map<Capability, Support> probe(ConnectionFactory factory, JndiSettings jndi) throws ProviderSetupException {
        Map<Capability, Support> caps = new EnumMap<>(Support.all());
        caps.put(Capability.PREFETCH, Support.notEquivalent("as configured in " + jndi.file().getFileName()
                + " (the provider's own prefetch setting, recorded as given), not set by the suite"));
        caps.put(Capability.RECONNECT, Support.no("a provider reached through JNDI runs outside the suite, which"
                + " cannot kill or restart it"));
        caps.put(Capability.UNCONFIRMED_PUBLISH, dev.brokerbench.jms.driver.JmsDriverFactory.UNCONFIRMED);
        Connection connection;
        try {
            connection = factory.createConnection();
        } catch (JMSSecurityException e) {
            throw new ProviderSetupException("--user", "the provider refused the credentials: "
                    + ErrorLog.describe(e), e);
        } catch (JMSException | RuntimeException e) {
            throw new ProviderSetupException("--jndi", "cannot connect to " + jndi.providerUrl() + " (from "
                    + jndi.file().getFileName() + "): " + ErrorLog.describe(e), e);
        }
        try {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = session.createQueue(QUEUE);
            MessageProducer producer = session.createProducer(queue);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            try {
                producer.send(session.createTextMessage("probe: sync"));
            } catch (JMSException | RuntimeException e) {
                throw new ProviderSetupException("--jndi", "the provider behind " + jndi.providerUrl()
                        + " refused a persistent send to queue " + QUEUE + ": " + ErrorLog.describe(e), e);
            }
            caps.put(Capability.ASYNC_WINDOWED_PUBLISH, asyncSend(session, producer));
            caps.put(Capability.REQUEST_REPLY, temporaryQueue(session));
            drain(session, queue);
        } catch (JMSException | RuntimeException e) {
            throw new ProviderSetupException("--jndi", "probing the provider behind " + jndi.providerUrl()
                    + " failed: " + ErrorLog.describe(e), e);
        } finally {
            try {
                connection.close();
            } catch (JMSException ignored) {
                // the probe's results stand
            }
        }
        return caps;
    }

    private static Support asyncSend(Session session, MessageProducer producer) {
        try {
            SyncSend.awaitedCompletion(WAIT.toMillis()).send(producer, session.createTextMessage("probe: async"));
            return Support.YES;
        } catch (TimeoutException e) {
            return Support.no("a send with a JMS 2.0 CompletionListener was not completed within "
                    + WAIT.toSeconds() + " s (probed before the run)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Support.no("interrupted while probing the CompletionListener");
        } catch (Exception e) {
            return Support.no("a send with a JMS 2.0 CompletionListener failed (probed before the run): "
                    + ErrorLog.describe(e));
        }
    }

    private static Support temporaryQueue(Session session) {
        try {
            session.createTemporaryQueue().delete();
            return Support.YES;
        } catch (JMSException | RuntimeException e) {
            return Support.no("creating a TemporaryQueue for the replies failed (probed before the run): "
                    + ErrorLog.describe(e));
        }
    }

    private static void drain(Session session, Queue queue) throws JMSException {
        try (MessageConsumer consumer = session.createConsumer(queue)) {
            while (consumer.receive(1_000) != null) {
                // the probe's own messages, and any an earlier probe left
            }
        }
    }
}
