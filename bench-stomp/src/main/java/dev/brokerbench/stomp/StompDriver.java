package dev.brokerbench.stomp;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.ClientInfo;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Calls;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcServer;
import dev.brokerbench.core.spi.ServerReceipt;
import java.util.HashMap;
import java.util.Map;

/**
 * The vertx-stomp path connected to one STOMP server through its dialect: a connection of its own per client; a
 * byte-counted prefetch is sized once per queue-name length ({@link ByteWindowProbe}).
 */
final class StompDriver implements Driver, Calls {
    private final ClientInfo info;
    private final StompConnector connector;
    private final StompDialect dialect;
    private final ClientSpec spec;
    private final Endpoint endpoint;
    private final Map<Integer, Long> bytesPerMessage = new HashMap<>();

    StompDriver(ClientInfo info, StompConnector connector, StompDialect dialect, ClientSpec spec, Endpoint endpoint) {
        this.info = info;
        this.connector = connector;
        this.dialect = dialect;
        this.spec = spec;
        this.endpoint = endpoint;
    }

    @Override
    public ClientInfo info() {
        return info;
    }

    @Override
    public void verifyConnection() throws Exception {
        connector.connect().close();
    }

    @Override
    public Publisher publisher(String queue) throws Exception {
        return new StompPublisher(connector.connect(), dialect.destination().apply(queue),
                dialect.sending(spec.persistent()));
    }

    @Override
    public Consumer consumer(String queue) throws Exception {
        return new StompConsumer(connector.connect(), dialect, queue, prefetch(queue), spec.ackMode());
    }

    @Override
    public Requester requester(String queue, boolean replies) throws Exception {
        StompDialect.ReplyTo reply = null;
        if (replies) {
            reply = dialect.replyTo().orElseThrow(() -> new UnsupportedOperationException("no temporary"
                    + " reply destination is known for this STOMP server (" + endpoint.hostAndPort() + ")"));
        }
        return new StompRequester(connector.connect(), dialect, queue, spec.persistent(),
                spec.publishWindow(), reply);
    }

    @Override
    public RpcServer rpcServer(String queue, int sessions, ServerReceipt onReceive) throws Exception {
        return StompRpcServer.start(connector, dialect, queue, sessions, prefetch(queue), onReceive);
    }

    /** The broker's prefetch header for the spec's prefetch, none where the broker's is not known. */
    private Map<String, String> prefetch(String queue) throws Exception {
        if (dialect.prefetch().isEmpty()) {
            return Map.of();
        }
        StompDialect.Prefetch p = dialect.prefetch().get();
        long unit = p.unit() == StompDialect.Unit.MESSAGES ? 1 : bytes(queue);
        return p.headers(spec.prefetch() * unit);
    }

    private long bytes(String queue) throws Exception {
        synchronized (bytesPerMessage) {
            Long measured = bytesPerMessage.get(queue.length());
            if (measured == null) {
                measured = ByteWindowProbe.bytesPerMessage(connector, dialect, queue.length(),
                        spec.payloadBytes());
                bytesPerMessage.put(queue.length(), measured);
            }
            return measured;
        }
    }

    @Override
    public void close() throws Exception {
        connector.close();
    }
}
