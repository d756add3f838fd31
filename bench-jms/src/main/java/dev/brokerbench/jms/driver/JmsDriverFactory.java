package dev.brokerbench.jms.driver;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Support;
import jakarta.jms.ConnectionFactory;
import java.util.EnumMap;
import java.util.LinkedHashMap;
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
    public record Configured(ConnectionFactory factory, String url, Map<String, String> settings) {
    }

    /** Builds the library's ConnectionFactory for this endpoint and spec. */
    protected abstract Configured configure(Endpoint endpoint, ClientSpec spec) throws Exception;

    /** Maven coordinates of the client library. */
    protected abstract String library();

    /** The library's version as it reports it. */
    protected abstract String libraryVersion();

    /** How async sends are made; {@code null} when the library cannot (the capability says why). */
    protected abstract AsyncSend asyncSend();

    /** Everything supported unless a provider says otherwise. */
    protected Map<Capability, Support> supported() {
        Map<Capability, Support> all = new EnumMap<>(Capability.class);
        for (Capability c : Capability.values()) {
            all.put(c, Support.YES);
        }
        return all;
    }

    @Override
    public Map<Capability, Support> capabilities(String brokerId) {
        return supported();
    }

    @Override
    public Driver create(Endpoint endpoint, ClientSpec spec) throws Exception {
        Configured c = configure(endpoint, spec);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("url", c.url());
        settings.put("deliveryMode", spec.persistent() ? "PERSISTENT" : "NON_PERSISTENT");
        settings.put("ackMode", spec.ackMode().name() + (spec.ackBatch() > 1 ? " every " + spec.ackBatch() : ""));
        settings.put("prefetchMessages", String.valueOf(spec.prefetch()));
        settings.put("publishWindowMessages", String.valueOf(spec.publishWindow()));
        settings.put("asyncSend", asyncSend() == null ? "unsupported"
                : asyncSend() == AsyncSend.JMS2 ? "JMS 2.0 CompletionListener" : "native (see clientPath)");
        settings.put("stamp", "3 long properties " + String.join(",", dev.brokerbench.core.spi.Stamp.STREAM,
                dev.brokerbench.core.spi.Stamp.SEQUENCE, dev.brokerbench.core.spi.Stamp.SEND_NANOS));
        settings.putAll(c.settings());
        ClientInfo info = new ClientInfo(id(), library(), libraryVersion(), settings);
        return new JmsDriver(c.factory(), spec, info, asyncSend());
    }
}
