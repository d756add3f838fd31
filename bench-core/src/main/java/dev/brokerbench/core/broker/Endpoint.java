package dev.brokerbench.core.broker;

/**
 * Where a broker listens for one protocol.
 *
 * @param protocol e.g. {@code core}, {@code openwire}, {@code amqp}, {@code stomp}
 * @param host     always loopback for brokers the suite starts
 * @param port     TCP port
 */
public record Endpoint(String protocol, String host, int port) {
    public String hostAndPort() {
        return host + ":" + port;
    }
}
