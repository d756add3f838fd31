package dev.brokerbench.jms.driver;

import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.result.BrokerCount;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Support;
import jakarta.jms.ConnectionFactory;
import java.util.Map;

/**
 * A JMS client path: a client library's ConnectionFactory (configured so that the parity settings mean the same
 * as everywhere else) plumbed into the one {@link JmsDriver}. Subclasses are the providers.
 */
public abstract class JmsDriverFactory implements DriverFactory {

    /**
     * A configured factory and the settings it carries, in the library's own units.
     *
     * @param factory  the ConnectionFactory
     * @param url      connection URL (for the record)
     * @param settings effective parity settings
     */
    public record Configured(ConnectionFactory factory, String url, ClientSettings settings) {
    }

    /** Builds the library's ConnectionFactory for this broker's endpoint and the spec. */
    protected abstract Configured configure(String brokerId, Endpoint endpoint, ClientSpec spec) throws Exception;

    /**
     * Makes every connection of {@code factory} log in as {@code credentials} (a broker the user runs), through the
     * library's own factory settings; the password never enters the URL, which is recorded.
     */
    protected abstract void logIn(ConnectionFactory factory, Credentials credentials);

    /** Maven coordinates of the client library. */
    protected abstract String library();

    /** The library's version as it reports it. */
    protected abstract String libraryVersion();

    /** How async sends are made; {@code null} when the library cannot (the capability says why). */
    protected abstract AsyncSend asyncSend();

    /** How a sync send waits for the broker: a blocking {@code send()} unless the provider says otherwise. */
    protected SyncSend syncSend() {
        return SyncSend.BLOCKING;
    }

    /**
     * Prepares a transacted publisher's connection, before its session is made, so that sends inside a transaction
     * do not wait for the broker (the commit does): nothing by default.
     */
    protected void forTransactedSends(jakarta.jms.Connection connection) {
    }

    /**
     * True when the library's synchronous {@code receive()} does not prefetch, so consumers use a MessageListener
     * (AUTO and DUPS_OK acknowledgement only).
     */
    protected boolean prefetchesOnlyWithListener() {
        return false;
    }

    /**
     * The broker's own count of the queue's messages. By default what a JMS QueueBrowser lists (the broker's view of
     * the queue, read without consuming it); providers with a statistics or management API use that instead.
     */
    protected java.util.Optional<BrokerCount> brokerCount(ConnectionFactory factory, String brokerId,
                                                          Endpoint endpoint, String queue) throws Exception {
        return java.util.Optional.of(QueueBrowsing.count(factory, queue));
    }

    /**
     * The connection factory a consumer of {@code queue} connects with: the path's own, unless the library counts the
     * prefetch in another unit than messages and must be sized for this queue (Artemis Core counts bytes).
     */
    protected ConnectionFactory consumerFactory(ConnectionFactory factory, String brokerId, Endpoint endpoint,
                                                ClientSpec spec, String queue) throws Exception {
        return factory;
    }

    /** What the provider's library lacks, with the reasons: by default unconfirmed sends ({@link #UNCONFIRMED}). */
    protected Map<Capability, Support> providerGaps() {
        Map<Capability, Support> gaps = new java.util.EnumMap<>(Capability.class);
        gaps.put(Capability.UNCONFIRMED_PUBLISH, UNCONFIRMED);
        return gaps;
    }

    /**
     * A JMS send of a persistent message waits for the broker (or, with a CompletionListener, is confirmed by it);
     * sending without confirmation is each provider's own setting, not mapped yet.
     */
    public static final Support UNCONFIRMED = Support.no("JMS confirms every persistent send (sync, or through a"
            + " CompletionListener); a send without confirmation is a provider setting (Artemis blockOnDurableSend="
            + "false, ActiveMQ useAsyncSend, Qpid JMS forceAsyncSend) the suite does not map yet");

    /** Every JMS path drives its library through the one {@link JmsDriver}: topics, selectors and calls. */
    @Override
    public final Class<? extends Driver> driverType() {
        return JmsDriver.class;
    }

    @Override
    public final Map<Capability, Support> gaps() {
        Map<Capability, Support> gaps = new java.util.EnumMap<>(Capability.class);
        gaps.putAll(providerGaps());
        if (prefetchesOnlyWithListener()) {
            gaps.put(Capability.CLIENT_ACK, Support.no(id() + " consumes through a MessageListener (its receive()"
                    + " polls without prefetch), which supports ack modes auto and dups_ok only"));
            gaps.put(Capability.TRANSACTIONS, Support.no(id() + " consumes through a MessageListener: a session"
                    + " transaction would also commit or roll back what the listener took beyond the batch"));
        }
        return gaps;
    }

    @Override
    public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) throws Exception {
        Configured c = configure(brokerId, endpoint, spec);
        if (endpoint.credentials().user().isPresent()) {
            logIn(c.factory(), endpoint.credentials());
        }
        ClientSettings settings = new ClientSettings();
        settings.set(ClientSetting.URL, dev.brokerbench.core.broker.CredentialMask.mask(c.url()));
        settings.set(ClientSetting.CREDENTIALS, endpoint.credentials().describe());
        settings.set(ClientSetting.DELIVERY_MODE, spec.persistent() ? "PERSISTENT" : "NON_PERSISTENT");
        settings.set(ClientSetting.ACK_MODE, spec.ackMode().name()
                + (spec.ackBatch() > 1 ? " every " + spec.ackBatch() : ""));
        settings.set(ClientSetting.PREFETCH, spec.prefetch());
        settings.set(ClientSetting.REQUEST_REPLY, "TemporaryQueue + JMSReplyTo + JMSCorrelationID; server sessions"
                + " are MessageListeners replying on their own session (non-persistent replies)");
        settings.set(ClientSetting.TOPICS, "session.createTopic; a durable subscription: the connection's client id"
                + " and createDurableSubscriber both name it, unsubscribed when its consumer closes; a non-durable"
                + " one: createConsumer on the topic");
        if (spec.selectorKey()) {
            settings.set(ClientSetting.SELECTORS, "createConsumer(queue, \"bbKey < N\"); every message carries the"
                    + " int property bbKey = sequence mod 100");
        }
        settings.set(ClientSetting.TRANSACTIONS, "a transacted publish: a session created transacted, plain sends,"
                + " session.commit every " + spec.ackBatch() + " (or rollback); a transacted consumer:"
                + " session.commit or rollback");
        settings.set(ClientSetting.PUBLISH_WINDOW, spec.publishWindow());
        settings.set(ClientSetting.ASYNC_PUBLISH, asyncSend() == null ? "unsupported"
                : asyncSend() == AsyncSend.JMS2 ? "JMS 2.0 CompletionListener" : "native (see clientPath)");
        settings.set(ClientSetting.CONSUMER, prefetchesOnlyWithListener()
                ? "MessageListener handing off to the client thread" : "synchronous receive()");
        settings.set(ClientSetting.STAMP, "3 long properties " + String.join(",", dev.brokerbench.core.spi.Stamp.STREAM,
                dev.brokerbench.core.spi.Stamp.SEQUENCE, dev.brokerbench.core.spi.Stamp.SEND_NANOS));
        settings.with(c.settings());
        ClientInfo info = new ClientInfo(id(), library(), libraryVersion(), settings);
        if (prefetchesOnlyWithListener() && (spec.ackMode() == dev.brokerbench.core.model.AckMode.CLIENT
                || spec.ackMode() == dev.brokerbench.core.model.AckMode.TRANSACTED)) {
            throw new UnsupportedOperationException(id() + " consumes through a MessageListener and supports ack"
                    + " modes auto and dups_ok only, not " + spec.ackMode().name().toLowerCase());
        }
        return new JmsDriver(c.factory(), spec, info, this, brokerId, endpoint);
    }
}
