package dev.brokerbench.jms.provider;

import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Support;
import dev.brokerbench.jms.driver.AsyncSend;
import dev.brokerbench.jms.driver.JmsDriverFactory;
import dev.brokerbench.core.spi.LibraryVersion;
import java.util.Map;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.ActiveMQSslConnectionFactory;

/**
 * Jakarta Messaging over OpenWire (ActiveMQ Classic's activemq-client 6.x).
 *
 * <p>Parity: prefetch is counted in messages ({@code jms.prefetchPolicy.queuePrefetch}); persistent sends outside a
 * transaction are synchronous (the broker's receipt comes after the store accepted the message), so sync publish is
 * broker-confirmed. The client throws UnsupportedOperationException for JMS 2.0 {@code send(..., CompletionListener)},
 * so async publish is unsupported on this path; {@link OpenWireNativeAsync} offers ActiveMQ's own AsyncCallback,
 * labelled as such.
 */
public class OpenWireJms extends JmsDriverFactory {
    @Override
    public String id() {
        return "openwire-jms";
    }

    @Override
    public String description() {
        return "Jakarta Messaging over OpenWire (activemq-client)";
    }

    @Override
    public Protocol protocol() {
        return Protocol.OPENWIRE;
    }

    @Override
    protected String library() {
        return "org.apache.activemq:activemq-client";
    }

    @Override
    protected String libraryVersion() {
        return LibraryVersion.of("org.apache.activemq", "activemq-client");
    }

    @Override
    protected AsyncSend asyncSend() {
        return null;
    }

    @Override
    protected Map<Capability, Support> providerGaps() {
        Map<Capability, Support> caps = super.providerGaps();
        caps.put(Capability.ASYNC_WINDOWED_PUBLISH, Support.no("activemq-client " + libraryVersion()
                + " throws UnsupportedOperationException for JMS 2.0 send(Message, CompletionListener);"
                + " use client path openwire-native-async for ActiveMQ's AsyncCallback"));
        return caps;
    }

    /**
     * With a send timeout, activemq-client makes every send wait for the broker's response, a transacted one
     * included; a transacted publisher's connection has none, so its sends go out asynchronously and its commit waits
     * for the broker, as on the other paths. (Apollo 1.7.1 never answers a transacted send that asks for a response.)
     */
    @Override
    protected void forTransactedSends(jakarta.jms.Connection connection) {
        ((org.apache.activemq.ActiveMQConnection) connection).setSendTimeout(0);
    }

    @Override
    protected void logIn(jakarta.jms.ConnectionFactory factory, Credentials credentials) {
        ActiveMQConnectionFactory openWire = (ActiveMQConnectionFactory) factory;
        openWire.setUserName(credentials.user().orElseThrow());
        credentials.password().ifPresent(openWire::setPassword);
    }

    @Override
    protected Configured configure(String brokerId, Endpoint endpoint, ClientSpec spec) {
        String jms = "jms.prefetchPolicy.queuePrefetch=" + spec.prefetch()
                + "&jms.useAsyncSend=false&jms.alwaysSyncSend=false&jms.sendTimeout=30000"
                + "&jms.watchTopicAdvisories=false&jms.producerWindowSize=0"
                + "&jms.redeliveryPolicy.initialRedeliveryDelay=0&jms.redeliveryPolicy.redeliveryDelay=0";
        String scheme = endpoint.tls().isPresent() ? "ssl://" : "tcp://";
        String tcp = scheme + endpoint.hostAndPort() + "?tcpNoDelay=true";
        // failover: the transport reconnects by itself (to any node given, in order) and blocks sends meanwhile
        // (bounded by timeout)
        String url = spec.reconnect()
                ? "failover:(" + endpoint.addresses().stream().map(a -> scheme + a + "?tcpNoDelay=true")
                        .collect(java.util.stream.Collectors.joining(",")) + ")?randomize=false"
                        + "&initialReconnectDelay=100&maxReconnectDelay=1000&useExponentialBackOff=false"
                        + "&timeout=60000&" + jms
                : tcp + "&" + jms;
        ClientSettings settings = new ClientSettings();
        settings.set(ClientSetting.PREFETCH, spec.prefetch() + " messages");
        settings.set(ClientSetting.SYNC_PUBLISH, "persistent send outside a transaction waits for the broker's"
                + " receipt");
        settings.set(ClientSetting.RECONNECT, spec.reconnect() ? "failover: transport, reconnect every 100 ms, sends"
                + " block up to 60 s" + (endpoint.others().isEmpty() ? "" : "; every node's address, tried in order"
                + " (randomize=false)")
                : "off (plain tcp: transport): a broken connection fails the phase");
        settings.own("transactedSends", "a transacted publisher's connection has no send timeout (sendTimeout=0):"
                + " its sends do not wait for the broker, its commit does");
        settings.own("redeliveryAfterRollback", "at once (redeliveryPolicy delays 0, as the other paths;"
                + " activemq-client waits 1 s by default before a rolled-back message is delivered again)");
        settings.own("tcpNoDelay", "true, as every other client path (activemq-client defaults to false: with Nagle,"
                + " 10 KB sync sends to Apollo ran at 90 msg/s)");
        if (endpoint.tls().isEmpty()) {
            return new Configured(new ActiveMQConnectionFactory(url), url, settings);
        }
        // ssl: transport with the stores' managers; the client verifies the host name by default (since 5.15)
        ActiveMQSslConnectionFactory factory = new ActiveMQSslConnectionFactory(url);
        factory.setKeyAndTrustManagers(endpoint.tls().get().keyManagers(), endpoint.tls().get().trustManagers(),
                new java.security.SecureRandom());
        settings.set(ClientSetting.TLS, endpoint.tls().get().describe() + " (ssl: transport,"
                + " ActiveMQSslConnectionFactory)");
        return new Configured(factory, url, settings);
    }

    /**
     * ActiveMQ Classic's own count: its statistics plugin answers a message sent to
     * {@code ActiveMQ.Statistics.Destination.<queue>} with the queue's size (the suite's Classic launcher installs
     * the plugin). Where nobody answers within 3 s (another broker over OpenWire), what a QueueBrowser lists.
     */
    @Override
    protected java.util.Optional<dev.brokerbench.core.result.BrokerCount> brokerCount(
            jakarta.jms.ConnectionFactory factory, String brokerId, Endpoint endpoint, String queue) throws Exception {
        try (jakarta.jms.Connection connection = factory.createConnection()) {
            connection.start();
            jakarta.jms.Session session = connection.createSession(false, jakarta.jms.Session.AUTO_ACKNOWLEDGE);
            jakarta.jms.TemporaryQueue reply = session.createTemporaryQueue();
            jakarta.jms.MessageConsumer replies = session.createConsumer(reply);
            jakarta.jms.Message request = session.createMessage();
            request.setJMSReplyTo(reply);
            jakarta.jms.MessageProducer producer = session.createProducer(
                    session.createQueue("ActiveMQ.Statistics.Destination." + queue));
            producer.setDeliveryMode(jakarta.jms.DeliveryMode.NON_PERSISTENT);
            producer.send(request);
            if (replies.receive(3000) instanceof jakarta.jms.MapMessage stats && stats.itemExists("size")) {
                return java.util.Optional.of(new dev.brokerbench.core.result.BrokerCount(stats.getLong("size"),
                        "ActiveMQ statistics plugin: queue size"));
            }
        }
        return super.brokerCount(factory, brokerId, endpoint, queue);
    }
}
