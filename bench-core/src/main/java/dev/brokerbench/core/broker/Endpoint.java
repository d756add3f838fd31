package dev.brokerbench.core.broker;

import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Where a broker listens for one protocol, who connects there and whether over TLS.
 *
 * @param protocol    what is spoken there
 * @param host        always loopback for brokers the suite starts
 * @param port        TCP port
 * @param credentials the user's, for a broker the user runs ({@code --user}); {@link Credentials#NONE}: the client
 *                    path's default (anonymous, or RabbitMQ's guest on the brokers the suite starts)
 * @param tls         TLS to a broker the user runs ({@code PROTOCOL+tls://} in {@code --url}); empty: plain TCP
 */
public record Endpoint(Protocol protocol, String host, int port, Credentials credentials, Optional<Tls> tls) {
    public Endpoint {
        java.util.Objects.requireNonNull(credentials, "credentials (Credentials.NONE for the path's default)");
        java.util.Objects.requireNonNull(tls, "tls (Optional.empty() for plain TCP)");
    }

    /** An endpoint over plain TCP. */
    public Endpoint(Protocol protocol, String host, int port, Credentials credentials) {
        this(protocol, host, port, credentials, Optional.empty());
    }

    /** An endpoint over plain TCP, reached with the client path's default credentials. */
    public Endpoint(Protocol protocol, String host, int port) {
        this(protocol, host, port, Credentials.NONE);
    }

    /** The same endpoint, reached as {@code credentials} say. */
    public Endpoint with(Credentials credentials) {
        return new Endpoint(protocol, host, port, credentials, tls);
    }

    /** The same endpoint, over TLS as {@code tls} says. */
    public Endpoint with(Tls tls) {
        return new Endpoint(protocol, host, port, credentials, Optional.of(tls));
    }

    /** How the endpoint is reached, for the record: {@code PROTOCOL://HOST:PORT} or {@code PROTOCOL+tls://...}. */
    public String url() {
        return protocol + (tls.isPresent() ? "+tls" : "") + "://" + hostAndPort();
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
