package dev.brokerbench.jms.provider;

import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.Protocol;
import com.rabbitmq.jms.admin.RMQConnectionFactory;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Support;
import dev.brokerbench.jms.driver.AsyncSend;
import dev.brokerbench.jms.driver.JmsDriverFactory;
import dev.brokerbench.core.spi.LibraryVersion;
import dev.brokerbench.jms.driver.SyncSend;
import java.util.Map;

/**
 * Jakarta Messaging on RabbitMQ with the RabbitMQ JMS client (AMQP 0-9-1 underneath).
 *
 * <p>Two library behaviours are bridged so the comparison stays fair, and recorded in the results: a plain
 * {@code send()} is not confirmed by the broker, so sync publish is a {@code send(Message, CompletionListener)}
 * (publisher confirms) awaited before the next message; and a synchronous {@code receive()} polls with
 * {@code basic.get} (no prefetch), so consumers use a MessageListener on {@code basic.consume} with
 * {@code channelsQos} = prefetch.
 */
public final class RabbitMqJms extends JmsDriverFactory {
    /**
     * A sync send whose confirmation has not come in 10 s fails (as Artemis' callTimeout): after a broker's kill -9,
     * rabbitmq-jms never completes a send in flight, and a longer wait only delays the cell.
     */
    private static final long CONFIRM_TIMEOUT_MILLIS = 10_000;

    @Override
    public String id() {
        return "rabbitmq-jms";
    }

    @Override
    public String description() {
        return "Jakarta Messaging over AMQP 0-9-1 (com.rabbitmq.jms:rabbitmq-jms), confirmed sync send";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AMQP091;
    }

    @Override
    protected String library() {
        return "com.rabbitmq.jms:rabbitmq-jms";
    }

    @Override
    protected String libraryVersion() {
        return LibraryVersion.of("com.rabbitmq.jms", "rabbitmq-jms");
    }

    @Override
    protected AsyncSend asyncSend() {
        return AsyncSend.JMS2;
    }

    @Override
    protected SyncSend syncSend() {
        return SyncSend.awaitedCompletion(CONFIRM_TIMEOUT_MILLIS);
    }

    @Override
    protected boolean prefetchesOnlyWithListener() {
        return true;
    }

    @Override
    protected Map<Capability, Support> providerGaps() {
        Map<Capability, Support> caps = super.providerGaps();
        caps.put(Capability.RECONNECT, Support.no("rabbitmq-jms " + libraryVersion() + " does not recover a"
                + " connection: a broker restart fails it"));
        caps.put(Capability.SELECTORS, Support.no("rabbitmq-jms evaluates message selectors only on topics (through"
                + " RabbitMQ's jms-topic exchange plugin), never on a queue consumer"));
        return caps;
    }

    /** The user's, instead of the guest the brokers the suite starts let in on loopback. */
    @Override
    protected void logIn(jakarta.jms.ConnectionFactory factory, Credentials credentials) {
        RMQConnectionFactory rabbit = (RMQConnectionFactory) factory;
        rabbit.setUsername(credentials.user().orElseThrow());
        rabbit.setPassword(credentials.password().orElse(""));
    }

    @Override
    protected Configured configure(String brokerId, Endpoint endpoint, ClientSpec spec) {
        RMQConnectionFactory factory = new RMQConnectionFactory();
        factory.setHost(endpoint.host());
        factory.setPort(endpoint.port());
        factory.setUsername("guest");
        factory.setPassword("guest");
        factory.setVirtualHost("/");
        factory.setChannelsQos(spec.prefetch());
        factory.setDeclareReplyToDestination(false);
        ClientSettings settings = new ClientSettings();
        settings.set(ClientSetting.PREFETCH, "channelsQos " + spec.prefetch() + " (basic.qos) with a MessageListener"
                + " consumer; receive() would poll with basic.get and prefetch nothing");
        settings.set(ClientSetting.SYNC_PUBLISH, "send(Message, CompletionListener) awaited: a plain send() is not"
                + " broker-confirmed by rabbitmq-jms");
        settings.set(ClientSetting.QUEUE, "durable queue declared by rabbitmq-jms (bound to exchange"
                + " jms.durable.queues)");
        endpoint.tls().ifPresent(tls -> {
            factory.useSslProtocol(tls.sslContext());
            factory.setHostnameVerification(true);
            settings.set(ClientSetting.TLS, tls.describe() + " (useSslProtocol with the stores' context, host name"
                    + " verification on)");
        });
        return new Configured(factory, (endpoint.tls().isPresent() ? "amqps://" : "amqp://") + endpoint.hostAndPort(),
                settings);
    }
}
