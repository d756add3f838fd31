package dev.brokerbench.core.spi;

/** A connected client library for one broker endpoint, creating one session per client. */
public interface Driver extends AutoCloseable {
    ClientInfo info();

    /** A new connection and session sending persistent messages to the durable queue {@code queue}. */
    Publisher publisher(String queue) throws Exception;

    /** A new connection and session consuming from {@code queue} with the spec's prefetch and ack mode. */
    Consumer consumer(String queue) throws Exception;

    @Override
    void close() throws Exception;
}
