package dev.brokerbench.baselines;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcServer;
import dev.brokerbench.core.spi.ServerReceipt;
import dev.brokerbench.core.spi.Support;
import java.util.EnumMap;
import java.util.Map;

/**
 * The client side of a broker-less baseline: request/reply only. The server is the baseline's own process (started
 * as its "broker"), so {@link Driver#rpcServer} only connects to ask it how many calls it received.
 */
public abstract class BaselinePath implements DriverFactory {

    /** A new client connection to the server. */
    protected abstract Requester connect(Endpoint endpoint) throws Exception;

    /** Asks the server, over a connection of its own, how many calls it has received since it started. */
    protected abstract long stats(Endpoint endpoint) throws Exception;

    protected abstract String library();

    protected abstract String libraryVersion();

    protected abstract Map<String, String> settings(Endpoint endpoint);

    @Override
    public Map<Capability, Support> capabilities() {
        Map<Capability, Support> caps = new EnumMap<>(Capability.class);
        Support none = Support.no("broker-less baseline: no queue; it runs request/reply only");
        for (Capability c : Capability.values()) {
            caps.put(c, none);
        }
        caps.put(Capability.REQUEST_REPLY, Support.YES);
        caps.put(Capability.ONE_WAY, Support.no("broker-less baseline: its server counts calls only; one-way is"
                + " measured on the brokers"));
        return caps;
    }

    @Override
    public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) {
        ClientInfo info = new ClientInfo(id(), library(), libraryVersion(), settings(endpoint));
        return new Driver() {
            @Override
            public ClientInfo info() {
                return info;
            }

            @Override
            public Publisher publisher(String queue) {
                throw new UnsupportedOperationException(id() + " is a request/reply baseline: no queue");
            }

            @Override
            public Consumer consumer(String queue) {
                throw new UnsupportedOperationException(id() + " is a request/reply baseline: no queue");
            }

            @Override
            public Requester requester(String queue, boolean replies) throws Exception {
                return connect(endpoint);
            }

            @Override
            public RpcServer rpcServer(String queue, int sessions, ServerReceipt onReceive) throws Exception {
                return new RpcServer() {
                    @Override
                    public long received() throws Exception {
                        return stats(endpoint);
                    }

                    @Override
                    public void close() {
                    }
                };
            }

            @Override
            public void close() {
            }
        };
    }
}
