package dev.brokerbench.jms.provider;

import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Stamp;
import dev.brokerbench.jms.driver.AsyncSend;
import dev.brokerbench.jms.driver.JmsDriverFactory;
import dev.brokerbench.core.spi.LibraryVersion;
import java.util.Map;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.client.impl.ClientMessageImpl;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * Jakarta Messaging over Artemis' Core protocol (artemis-jakarta-client).
 *
 * <p>Parity: Artemis counts the consumer window in bytes of the packets it sends (message, properties the JMS
 * producer adds such as {@code __AMQ_CID} and the routing type, the address, packet header). A prefetch of N messages
 * is therefore {@code N x} the flow-control size of one of the suite's messages, measured per queue (the address is
 * part of every packet): one stamped message of the cell's size goes through a scratch queue whose name is as long
 * as the real one, and its flow-control size is read back. (A size computed from a synthetic message missed the
 * producer's properties and the packet overhead: "prefetch 1000" held 424 empty messages.) Durable sends block for
 * the broker's response (blockOnDurableSend), which makes sync publish broker-confirmed. Async completions need
 * {@code confirmationWindowSize}; it is set to a tenth of the publish window in bytes so confirmations flow well
 * before the window fills.
 */
public final class ArtemisCoreJms extends JmsDriverFactory {
    @Override
    public String id() {
        return "artemis-core-jms";
    }

    @Override
    public String description() {
        return "Jakarta Messaging over the Artemis Core protocol (artemis-jakarta-client)";
    }

    @Override
    public Protocol protocol() {
        return Protocol.CORE;
    }

    @Override
    protected String library() {
        return "org.apache.activemq:artemis-jakarta-client";
    }

    @Override
    protected String libraryVersion() {
        return LibraryVersion.of("org.apache.activemq", "artemis-jakarta-client");
    }

    @Override
    protected AsyncSend asyncSend() {
        return AsyncSend.JMS2;
    }

    /** Flow-control bytes of one suite message, by endpoint, payload size and queue-name length. */
    private final Map<String, Integer> flowControlBytes = new java.util.concurrent.ConcurrentHashMap<>();
    /** Consumer factories by URL (the window is in it): one each, not one per consumer. */
    private final Map<String, ActiveMQConnectionFactory> consumerFactories = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    protected void logIn(jakarta.jms.ConnectionFactory factory, Credentials credentials) {
        ActiveMQConnectionFactory core = (ActiveMQConnectionFactory) factory;
        core.setUser(credentials.user().orElseThrow());
        credentials.password().ifPresent(core::setPassword);
    }

    @Override
    protected Configured configure(String brokerId, Endpoint endpoint, ClientSpec spec) {
        int messageBytes = encodedSize(spec.payloadBytes());
        long consumerWindow = (long) spec.prefetch() * messageBytes;
        String url = url(endpoint, spec, consumerWindow, messageBytes, true);
        ClientSettings settings = new ClientSettings();
        endpoint.tls().ifPresent(tls -> settings.set(ClientSetting.TLS, tls.describe() + " (Netty connector:"
                + " sslEnabled, verifyHost=true, the stores by path)"));
        settings.own("consumerWindowSize", "prefetch " + spec.prefetch() + " x the flow-control size of one suite"
                + " message on the consumer's queue (bytes), measured per queue through a scratch queue of the same"
                + " name length; queue consumers connect with that, not with the url's consumerWindowSize=" + consumerWindow
                + " (the publishers' factory: " + spec.prefetch() + " x an estimate of " + messageBytes + " bytes)");
        settings.own("confirmationWindowSize", Math.max(messageBytes, (long) spec.publishWindow() * messageBytes / 10)
                + " bytes");
        settings.set(ClientSetting.SYNC_PUBLISH, "blockOnDurableSend=true: send() returns after the broker's response");
        settings.set(ClientSetting.RECONNECT, spec.reconnect() ? "reconnectAttempts=-1, retryInterval=100 ms"
                + (endpoint.others().isEmpty() ? "" : "; ha=true, failoverAttempts=-1: every node's address given,"
                + " the client follows the broker's topology to the backup that takes over")
                : "off (reconnectAttempts=0): a broken connection fails the phase");
        return new Configured(new ActiveMQConnectionFactory(url + tlsParameters(endpoint, true)),
                url + tlsParameters(endpoint, false), settings);
    }

    /** A factory whose consumers hold exactly {@code prefetch} of the suite's messages from {@code queue}. */
    @Override
    protected jakarta.jms.ConnectionFactory consumerFactory(jakarta.jms.ConnectionFactory factory, String brokerId,
                                                            Endpoint endpoint, ClientSpec spec, String queue)
            throws Exception {
        int messageBytes = encodedSize(spec.payloadBytes());
        String key = endpoint.hostAndPort() + "|" + spec.payloadBytes() + "|" + queue.length();
        Integer measured = flowControlBytes.get(key);
        if (measured == null) {
            measured = FlowControlProbe.measure(factory, queue.length(), spec.payloadBytes());
            flowControlBytes.put(key, measured);
        }
        return consumerFactories.computeIfAbsent(url(endpoint, spec, (long) spec.prefetch() * measured, messageBytes,
                false) + tlsParameters(endpoint, true), url -> {
                    ActiveMQConnectionFactory consumers = new ActiveMQConnectionFactory(url);
                    if (endpoint.credentials().user().isPresent()) {
                        logIn(consumers, endpoint.credentials());
                    }
                    return consumers;
                });
    }

    /**
     * @param confirmations a confirmation window (async sends need one); consumers go without: with one, the broker
     *                      keeps a dead client's session for reattachment until the connection TTL (60 s) expires,
     *                      holding its unacknowledged messages that long after a consumer is killed. A blocking
     *                      call (a durable send, a session's close) fails after 10 s (default 30 s): after a
     *                      broker's kill -9, closing a connection whose failure the client had not yet noticed waited
     *                      out the whole call timeout
     */
    private static String url(Endpoint endpoint, ClientSpec spec, long consumerWindow, int messageBytes,
                              boolean confirmations) {
        long confirmationWindow = Math.max(messageBytes, (long) spec.publishWindow() * messageBytes / 10);
        return servers(endpoint)
                + "?consumerWindowSize=" + consumerWindow
                + (confirmations ? "&confirmationWindowSize=" + confirmationWindow : "")
                + "&blockOnDurableSend=true&blockOnNonDurableSend=false"
                + "&callTimeout=10000"
                + (spec.reconnect() ? "&reconnectAttempts=-1&retryInterval=100&retryIntervalMultiplier=1.0"
                        : "&reconnectAttempts=0")
                + (spec.reconnect() && !endpoint.others().isEmpty() ? "&ha=true&failoverAttempts=-1" : "");
    }

    /** {@code tcp://HOST:PORT}, or every node's as {@code (tcp://A,tcp://B)} for a primary/backup pair. */
    private static String servers(Endpoint endpoint) {
        if (endpoint.others().isEmpty()) {
            return "tcp://" + endpoint.hostAndPort();
        }
        return endpoint.addresses().stream().map(a -> "tcp://" + a)
                .collect(java.util.stream.Collectors.joining(",", "(", ")"));
    }

    /**
     * The Netty connector's TLS parameters, empty over plain TCP: the stores by path (the connector loads them
     * itself), the host name verified (Artemis' default is not to). Passwords only where {@code secrets}, never in
     * what is recorded.
     */
    private static String tlsParameters(Endpoint endpoint, boolean secrets) {
        if (endpoint.tls().isEmpty()) {
            return "";
        }
        StringBuilder p = new StringBuilder("&sslEnabled=true&verifyHost=true");
        endpoint.tls().get().trustStore().ifPresent(s -> p.append(store("trustStore", s, secrets)));
        endpoint.tls().get().keyStore().ifPresent(s -> p.append(store("keyStore", s, secrets)));
        return p.toString();
    }

    private static String store(String prefix, dev.brokerbench.core.broker.StoreFile store, boolean secrets) {
        return "&" + prefix + "Path=" + store.path() + "&" + prefix + "Type=" + store.type()
                + store.password().map(pw -> "&" + prefix + "Password=" + (secrets ? pw : "(given)")).orElse("");
    }

    /** Encoded size of one of the suite's messages as Core counts it for flow control. */
    static int encodedSize(int payloadBytes) {
        ClientMessageImpl m = new ClientMessageImpl(Message.BYTES_TYPE, true, 0, System.currentTimeMillis(),
                (byte) 4, Math.max(1500, payloadBytes + 512), null);
        m.setAddress("bench.example-queue");
        m.setUserID(new org.apache.activemq.artemis.utils.UUID(1, new byte[16]));
        m.putLongProperty(Stamp.STREAM, Long.MAX_VALUE);
        m.putLongProperty(Stamp.SEQUENCE, Long.MAX_VALUE);
        m.putLongProperty(Stamp.SEND_NANOS, Long.MAX_VALUE);
        m.getBodyBuffer().writeBytes(new byte[payloadBytes]);
        return m.getEncodeSize();
    }

    /** Artemis' own count (a Core queue query: messages on the queue, in flight included). */
    @Override
    protected java.util.Optional<dev.brokerbench.core.result.BrokerCount> brokerCount(
            jakarta.jms.ConnectionFactory factory, String brokerId, Endpoint endpoint, String queue) throws Exception {
        ActiveMQConnectionFactory core = (ActiveMQConnectionFactory) factory;
        var locator = core.getServerLocator();
        try (var sessions = locator.createSessionFactory();
             var session = sessions.createSession(core.getUser(), core.getPassword(), false, true, true, false, 0)) {
            var query = session.queueQuery(org.apache.activemq.artemis.api.core.SimpleString.of(queue));
            if (!query.isExists()) {
                return java.util.Optional.of(new dev.brokerbench.core.result.BrokerCount(0,
                        "Artemis Core queue query: the queue does not exist"));
            }
            return java.util.Optional.of(new dev.brokerbench.core.result.BrokerCount(query.getMessageCount(),
                    "Artemis Core queue query: message count"));
        }
    }
}
