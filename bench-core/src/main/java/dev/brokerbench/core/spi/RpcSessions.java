package dev.brokerbench.core.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** What every broker path's server sessions share: their connections (closed together) and the receive count. */
public abstract class RpcSessions implements RpcServer {
    private final List<AutoCloseable> connections = new ArrayList<>();
    private final AtomicLong received = new AtomicLong();

    /** Keeps {@code connection} to close it with the server. */
    protected <C extends AutoCloseable> C keep(C connection) {
        connections.add(connection);
        return connection;
    }

    /**
     * Counts one received message and reports it to the phase with the correlation id it carried
     * ({@link Reply#NO_CORRELATION} if none).
     */
    protected void counted(ServerReceipt onReceive, long correlationId) {
        received.incrementAndGet();
        onReceive.received(correlationId, System.nanoTime());
    }

    @Override
    public long received() {
        return received.get();
    }

    @Override
    public void close() {
        for (AutoCloseable c : connections) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing: nothing left to answer
            }
        }
    }
}
