package dev.brokerbench.baselines;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.Support;
import java.util.EnumMap;
import java.util.Map;

/**
 * The client side of a broker-less baseline: request/reply only. The server is the baseline's own process (started
 * as its "broker"), so {@link BaselineDriver#rpcServer} only connects to ask it how many calls it received.
 */
public abstract class BaselinePath implements DriverFactory {

    /** A new client connection to the server. */
    protected abstract Requester connect(Endpoint endpoint) throws Exception;

    /** Asks the server, over a connection of its own, how many calls it has received since it started. */
    protected abstract long stats(Endpoint endpoint) throws Exception;

    protected abstract String library();

    protected abstract String libraryVersion();

    protected abstract ClientSettings settings(Endpoint endpoint);

    @Override
    public Class<? extends Driver> driverType() {
        return BaselineDriver.class;
    }

    @Override
    public Map<Capability, Support> gaps() {
        Map<Capability, Support> gaps = new EnumMap<>(Capability.class);
        Support none = Support.no("broker-less baseline: no queue; it runs request/reply only");
        for (Capability c : Capability.values()) {
            if (c != Capability.REQUEST_REPLY) {
                gaps.put(c, none);
            }
        }
        gaps.put(Capability.ONE_WAY, Support.no("broker-less baseline: its server counts calls only; one-way is"
                + " measured on the brokers"));
        return gaps;
    }

    @Override
    public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) {
        ClientInfo info = new ClientInfo(id(), library(), libraryVersion(), settings(endpoint));
        return new BaselineDriver(this, endpoint, info);
    }
}
