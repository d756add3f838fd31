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

    /** The endpoint for a protocol, or an error naming what {@code broker} offers. */
    public static Endpoint of(java.util.Map<String, Endpoint> endpoints, String broker, String protocol) {
        Endpoint e = endpoints.get(protocol);
        if (e == null) {
            throw new IllegalArgumentException(broker + " offers no " + protocol + " endpoint; it offers "
                    + new java.util.TreeSet<>(endpoints.keySet()));
        }
        return e;
    }
}
