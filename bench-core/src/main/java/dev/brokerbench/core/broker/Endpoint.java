package dev.brokerbench.core.broker;

import java.util.Map;
import java.util.TreeSet;

/**
 * Where a broker listens for one protocol.
 *
 * @param protocol what is spoken there
 * @param host     always loopback for brokers the suite starts
 * @param port     TCP port
 */
public record Endpoint(Protocol protocol, String host, int port) {
    /** A broker the suite started: it listens on loopback only. */
    public static Endpoint loopback(Protocol protocol, int port) {
        return new Endpoint(protocol, "127.0.0.1", port);
    }

    /** Every protocol on one loopback port (a broker with one multi-protocol acceptor). */
    public static Map<Protocol, Endpoint> loopback(java.util.List<Protocol> protocols, int port) {
        Map<Protocol, Endpoint> endpoints = new java.util.LinkedHashMap<>();
        protocols.forEach(p -> endpoints.put(p, loopback(p, port)));
        return endpoints;
    }

    public String hostAndPort() {
        return host + ":" + port;
    }

    /** The endpoint for a protocol, or an error naming what {@code broker} offers. */
    public static Endpoint of(Map<Protocol, Endpoint> endpoints, String broker, Protocol protocol) {
        Endpoint e = endpoints.get(protocol);
        if (e == null) {
            throw new IllegalArgumentException(broker + " offers no " + protocol + " endpoint; it offers "
                    + new TreeSet<>(endpoints.keySet()));
        }
        return e;
    }
}
