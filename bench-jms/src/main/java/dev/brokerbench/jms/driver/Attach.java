package dev.brokerbench.jms.driver;

import dev.brokerbench.core.spi.Subscription;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;

/**
 * How a consumer attaches to what it receives once it starts: a queue, or a subscription to a topic. What it creates
 * that outlives the consumer (a durable subscription) it removes again when the consumer closes.
 *
 * <p>A queue's consumer is never closed on its own: closing the connection ends it, as the broker then sees it
 * (closing the MessageConsumer first changes what the broker is told about the messages it holds: Qpid JMS then
 * releases them unflagged, or drains the link credit, which RabbitMQ 3.10's AMQP 1.0 plugin fails on).
 */
interface Attach {
    /** Creates the session's MessageConsumer. */
    MessageConsumer open(Session session) throws JMSException;

    /** Before the connection closes: removes what {@link #open} created that would outlive it. */
    default void release(MessageConsumer consumer, Session session) throws JMSException {
    }

    static Attach queue(String queue) {
        return session -> session.createConsumer(session.createQueue(queue));
    }

    /** A queue consumer the broker hands only what {@code selector} (JMS message selector syntax) matches. */
    static Attach queue(String queue, String selector) {
        return session -> session.createConsumer(session.createQueue(queue), selector);
    }

    /**
     * A durable subscription is the JMS 1.1 kind every provider has: the connection's client id is the
     * subscription's name, and {@code createDurableSubscriber} names it again; a non-durable one is a plain
     * topic consumer.
     */
    static Attach subscription(Subscription subscription) {
        return new Attach() {
            @Override
            public MessageConsumer open(Session session) throws JMSException {
                jakarta.jms.Topic topic = session.createTopic(subscription.topic());
                return subscription.durable() ? session.createDurableSubscriber(topic, subscription.name())
                        : session.createConsumer(topic);
            }

            @Override
            public void release(MessageConsumer consumer, Session session) throws JMSException {
                if (subscription.durable()) {
                    consumer.close(); // a subscription with an active consumer cannot be removed
                    unsubscribe(session, subscription.name());
                }
            }
        };
    }

    /**
     * Removes a durable subscription. A broker may report an error after removing it: Artemis 2.44, removing the
     * topic's address once its last subscription is gone, failed one of four concurrent unsubscribes with "Address
     * Does Not Exist" (TopicIT, 2026-11-25). So a failed unsubscribe is tried once more; a subscription the second try
     * finds gone (InvalidDestinationException, as JMS defines it) was removed.
     */
    private static void unsubscribe(Session session, String name) throws JMSException {
        try {
            session.unsubscribe(name);
        } catch (JMSException first) {
            try {
                session.unsubscribe(name);
            } catch (jakarta.jms.InvalidDestinationException gone) {
                return;
            } catch (JMSException again) {
                first.addSuppressed(again);
                throw first;
            }
        }
    }
}
