package dev.brokerbench.jms.provider;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Stamp;
import dev.brokerbench.jms.driver.AsyncSend;
import dev.brokerbench.jms.driver.JmsDriverFactory;
import dev.brokerbench.jms.driver.LibraryVersion;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.client.impl.ClientMessageImpl;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * Jakarta Messaging over Artemis' Core protocol (artemis-jakarta-client).
 *
 * <p>Parity: Artemis counts the consumer window in bytes, so a prefetch of N messages becomes
 * {@code N x encoded size of one message} (measured from a real Core message with the suite's properties).
 * Durable sends block for the broker's response (blockOnDurableSend), which makes sync publish broker-confirmed.
 * Async completions need {@code confirmationWindowSize}; it is set to a tenth of the publish window in bytes so
 * confirmations flow well before the window fills.
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
    public String protocol() {
        return "core";
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

    @Override
    protected Configured configure(String brokerId, Endpoint endpoint, ClientSpec spec) {
        int messageBytes = encodedSize(spec.payloadBytes());
        long consumerWindow = (long) spec.prefetch() * messageBytes;
        long confirmationWindow = Math.max(messageBytes, (long) spec.publishWindow() * messageBytes / 10);
        String url = "tcp://" + endpoint.hostAndPort()
                + "?consumerWindowSize=" + consumerWindow
                + "&confirmationWindowSize=" + confirmationWindow
                + "&blockOnDurableSend=true&blockOnNonDurableSend=false"
                + "&callTimeout=30000"
                + (spec.reconnect() ? "&reconnectAttempts=-1&retryInterval=100&retryIntervalMultiplier=1.0"
                        : "&reconnectAttempts=0");
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("encodedMessageBytes", String.valueOf(messageBytes));
        settings.put("consumerWindowSize", consumerWindow + " bytes = prefetch " + spec.prefetch() + " x "
                + messageBytes + " bytes");
        settings.put("confirmationWindowSize", confirmationWindow + " bytes");
        settings.put("syncPublish", "blockOnDurableSend=true: send() returns after the broker's response");
        settings.put("reconnect", spec.reconnect() ? "reconnectAttempts=-1, retryInterval=100 ms"
                : "off (reconnectAttempts=0): a broken connection fails the phase");
        return new Configured(new ActiveMQConnectionFactory(url), url, settings);
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
}
