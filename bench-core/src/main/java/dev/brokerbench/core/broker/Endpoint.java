package dev.brokerbench.core.broker;

import java.util.Map;
import java.util.TreeSet;

/**
 * Where a broker listens for one protocol, and who connects there.
 *
 * @param protocol    what is spoken there
 * @param host        always loopback for brokers the suite starts
 * @param port        TCP port
 * @param credentials the user's, for a broker the user runs ({@code --user}); {@link Credentials#NONE}: the client
 *                    path's default (anonymous, or RabbitMQ's guest on the brokers the suite starts)
 */
public record Endpoint(Protocol protocol, String host, int port, Credentials credentials) {
    public Endpoint {
        java.util.Objects.requireNonNull(credentials, "credentials (Credentials.NONE for the path's default)");
    }

    /** An endpoint reached with the client path's default credentials. */
    public Endpoint(Protocol protocol, String host, int port) {
        this(protocol, host, port, Credentials.NONE);
    }

    /** The same endpoint, reached as {@code credentials} say. */
    public Endpoint with(Credentials credentials) {
        return new Endpoint(protocol, host, port, credentials);
    }

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
