package dev.brokerbench.baselines;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.spi.Calls;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcServer;
import dev.brokerbench.core.spi.ServerReceipt;

/**
 * A broker-less baseline's driver: calls to the baseline's own server process, which was started as its "broker";
 * so {@link #rpcServer} starts nothing and only asks that server how many calls it received. It has no queue.
 */
final class BaselineDriver implements Driver, Calls {
    private final BaselinePath path;
    private final Endpoint endpoint;
    private final ClientInfo info;

    BaselineDriver(BaselinePath path, Endpoint endpoint, ClientInfo info) {
        this.path = path;
        this.endpoint = endpoint;
        this.info = info;
    }

    @Override
    public ClientInfo info() {
        return info;
    }

    @Override
    public Publisher publisher(String queue) {
        throw new UnsupportedOperationException(info.clientPath() + " is a request/reply baseline: no queue");
    }

    @Override
    public Consumer consumer(String queue) {
        throw new UnsupportedOperationException(info.clientPath() + " is a request/reply baseline: no queue");
    }

    @Override
    public Requester requester(String queue, boolean replies) throws Exception {
        return path.connect(endpoint);
    }

    @Override
    public RpcServer rpcServer(String queue, int sessions, ServerReceipt onReceive) {
        return new RpcServer() {
            @Override
            public long received() throws Exception {
                return path.stats(endpoint);
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void close() {
    }
}
