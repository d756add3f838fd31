package dev.brokerbench.core.spi;

import dev.brokerbench.core.model.PublishMode;

/**
 * Publish to a topic that fans out to subscriptions, each receiving every message once ({@link Capability#TOPICS},
 * and {@link Capability#DURABLE_SUBSCRIPTIONS} unless the path or the broker declares that gap).
 */
public non-sealed interface Topics extends Facet {
    /**
     * A new connection and session sending persistent messages to the topic {@code topic}, for {@code mode} (see
     * {@link Driver#publisher(String, PublishMode)}).
     */
    Publisher topicPublisher(String topic, PublishMode mode) throws Exception;

    /**
     * A new connection and session for {@code subscription}, created stopped like {@link Driver#consumer}: {@link
     * Consumer#start()} subscribes (creating the subscription, durable or not), so it receives what is published
     * from then on, with the spec's prefetch and ack mode. Closing it ends the subscription, a durable one included
     * (the suite's subscriptions last one pass).
     */
    Consumer subscriber(Subscription subscription) throws Exception;
}
