package dev.brokerbench.jms.provider;

import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Support;
import dev.brokerbench.jms.driver.AsyncSend;
import java.util.Map;
import org.apache.activemq.ActiveMQMessageProducer;
import org.apache.activemq.AsyncCallback;

/**
 * OpenWire with ActiveMQ's native {@code ActiveMQMessageProducer.send(Message, AsyncCallback)} for async publish: the
 * broker's receipt completes the callback, bounded by the same publish window. Not JMS 2.0; labelled as its own
 * client path so that it is never mistaken for the standard API. Sync publish and consume are as in
 * {@link OpenWireJms}.
 */
public final class OpenWireNativeAsync extends OpenWireJms {
    @Override
    public String id() {
        return "openwire-native-async";
    }

    @Override
    public String description() {
        return "OpenWire (activemq-client) with ActiveMQ's native AsyncCallback for async publish (not JMS 2.0)";
    }

    @Override
    public boolean alternative() {
        return true;
    }

    @Override
    protected AsyncSend asyncSend() {
        return (producer, message, confirmation) -> ((ActiveMQMessageProducer) producer).send(message,
                new AsyncCallback() {
                    @Override
                    public void onSuccess() {
                        confirmation.confirmed();
                    }

                    @Override
                    public void onException(jakarta.jms.JMSException e) {
                        confirmation.failed(e);
                    }
                });
    }

    @Override
    protected Map<Capability, Support> providerGaps() {
        Map<Capability, Support> caps = super.providerGaps();
        caps.remove(Capability.ASYNC_WINDOWED_PUBLISH); // through ActiveMQ's AsyncCallback
        return caps;
    }
}
