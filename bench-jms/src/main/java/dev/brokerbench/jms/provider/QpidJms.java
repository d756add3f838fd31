package dev.brokerbench.jms.provider;

import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.SaslMechanism;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.jms.driver.AsyncSend;
import dev.brokerbench.jms.driver.JmsDriverFactory;
import dev.brokerbench.core.spi.LibraryVersion;
import java.util.Map;
import org.apache.qpid.jms.JmsConnectionFactory;

/**
 * Jakarta Messaging over AMQP 1.0 with Qpid JMS, against any broker that offers AMQP 1.0.
 *
 * <p>Parity: prefetch is link credit ({@code jms.prefetchPolicy.all}); a persistent send outside a transaction waits
 * for the broker's settled disposition, so sync publish is broker-confirmed; async uses the JMS 2.0
 * CompletionListener. Broker addressing quirks are data below, per broker id.
 */
public final class QpidJms extends JmsDriverFactory {
    /** What a broker needs from this client, and why. */
    private record Dialect(String urlOptions, String note) {
    }

    private static final Map<String, Dialect> DIALECTS = Map.of(
            "apollo", new Dialect("&jms.queuePrefix=queue://&jms.topicPrefix=topic://",
                    "Apollo addresses queues as queue://NAME"),
            "rabbitmq", new Dialect("&jms.queuePrefix=/amq/queue/",
                    "RabbitMQ's AMQP 1.0 plugin: /amq/queue/NAME on the durable queue the broker's module declares"
                            + " beforehand over AMQP 0-9-1 (/queue/NAME would create a non-durable queue)"));

    @Override
    public String id() {
        return "qpid-jms";
    }

    @Override
    public String description() {
        return "Jakarta Messaging over AMQP 1.0 (org.apache.qpid:qpid-jms-client)";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AMQP;
    }

    @Override
    public java.util.Set<SaslMechanism> saslMechanisms() {
        return java.util.EnumSet.allOf(SaslMechanism.class);
    }

    @Override
    protected String library() {
        return "org.apache.qpid:qpid-jms-client";
    }

    @Override
    protected String libraryVersion() {
        return LibraryVersion.of("org.apache.qpid", "qpid-jms-client");
    }

    @Override
    protected AsyncSend asyncSend() {
        return AsyncSend.JMS2;
    }

    @Override
    protected void logIn(jakarta.jms.ConnectionFactory factory, Credentials credentials) {
        JmsConnectionFactory qpid = (JmsConnectionFactory) factory;
        qpid.setUsername(credentials.user().orElseThrow());
        credentials.password().ifPresent(qpid::setPassword);
    }

    /**
     * What a QueueBrowser lists, through a factory of its own: qpid-jms browses with {@code receiveNoWait()}, which
     * with the path's {@code jms.receiveNoWaitLocalOnly} looks only at what was prefetched (a browser counted 0 on
     * Artemis queues holding hundreds, 2026-11-25). Brokers whose own module counts (RabbitMQ, where a drain of link
     * credit fails the session) never get here.
     */
    @Override
    protected java.util.Optional<dev.brokerbench.core.result.BrokerCount> brokerCount(
            jakarta.jms.ConnectionFactory factory, String brokerId, Endpoint endpoint, String queue) throws Exception {
        JmsConnectionFactory browsing = new JmsConnectionFactory(((JmsConnectionFactory) factory).getRemoteURI());
        browsing.setReceiveNoWaitLocalOnly(false);
        endpoint.tls().ifPresent(tls -> browsing.setSslContext(tls.sslContext()));
        if (endpoint.credentials().user().isPresent()) {
            logIn(browsing, endpoint.credentials());
        }
        return java.util.Optional.of(dev.brokerbench.jms.driver.QueueBrowsing.count(browsing, queue));
    }

    @Override
    public java.util.Set<String> brokerQuirks() {
        return DIALECTS.keySet();
    }

    @Override
    protected Configured configure(String brokerId, Endpoint endpoint, ClientSpec spec) {
        Dialect dialect = DIALECTS.getOrDefault(brokerId, new Dialect("", "plain queue names"));
        // failover: the client reconnects by itself and holds sends meanwhile
        // a SASL mechanism chosen by the user is the only one the client offers (amqp.saslMechanisms)
        String scheme = endpoint.tls().isPresent() ? "amqps://" : "amqp://";
        String sasl = endpoint.credentials().mechanism().map(m -> "?amqp.saslMechanisms=" + m.wireName()).orElse("");
        String amqp = scheme + endpoint.hostAndPort() + sasl;
        // failover: every node given, tried in order
        String url = (spec.reconnect() ? "failover:(" + endpoint.addresses().stream().map(a -> scheme + a + sasl)
                .collect(java.util.stream.Collectors.joining(",")) + ")?failover.reconnectDelay=100"
                + "&failover.maxReconnectDelay=1000&failover.useReconnectBackOff=false"
                + "&failover.maxReconnectAttempts=1200&" : amqp + (amqp.contains("?") ? "&" : "?"))
                + "jms.prefetchPolicy.all=" + spec.prefetch()
                + "&jms.receiveLocalOnly=true&jms.receiveNoWaitLocalOnly=true"
                + "&jms.requestTimeout=30000&jms.sendTimeout=30000&jms.connectTimeout=30000"
                + dialect.urlOptions();
        ClientSettings settings = new ClientSettings();
        settings.set(ClientSetting.PREFETCH, "link credit " + spec.prefetch() + " messages (jms.prefetchPolicy.all)");
        settings.set(ClientSetting.SYNC_PUBLISH, "persistent send outside a transaction waits for the settled"
                + " disposition");
        settings.own("receive", "jms.receiveLocalOnly: a timed receive() waits on the prefetched messages and never"
                + " drains link credit (no other client drains; RabbitMQ 3.10's AMQP 1.0 plugin fails the session on"
                + " a drain of a classic queue)");
        settings.set(ClientSetting.ADDRESSING, dialect.note());
        settings.set(ClientSetting.RECONNECT, spec.reconnect() ? "failover: every 100 ms, up to 1200 attempts"
                + (endpoint.others().isEmpty() ? "" : ", every node's address in order")
                : "off (plain amqp: URI): a broken connection fails the phase");
        JmsConnectionFactory factory = new JmsConnectionFactory(url);
        endpoint.tls().ifPresent(tls -> {
            // amqps: with the stores' context; the transport verifies the host name by default
            factory.setSslContext(tls.sslContext());
            settings.set(ClientSetting.TLS, tls.describe() + " (amqps:, the connection factory's SSLContext)");
        });
        return new Configured(factory, url, settings);
    }
}
