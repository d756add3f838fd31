package dev.brokerbench.core.broker;

import java.util.List;
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
 * @param others      the same listener on the broker's other nodes (a cluster, a primary/backup pair), in the order
 *                    a client with failover tries them after this one; empty for a single node
 */
public record Endpoint(Protocol protocol, String host, int port, Credentials credentials, Optional<Tls> tls,
                       List<Address> others) {
    public Endpoint {
        java.util.Objects.requireNonNull(credentials, "credentials (Credentials.NONE for the path's default)");
        java.util.Objects.requireNonNull(tls, "tls (Optional.empty() for plain TCP)");
        others = others == null ? List.of() : List.copyOf(others);
    }

    /** A host and port: one node's listener. */
    public record Address(String host, int port) {
        public Address {
            java.util.Objects.requireNonNull(host, "host");
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0..65535, got " + port);
            }
        }

        @Override
        public String toString() {
            return host + ":" + port;
        }
    }

    /** One node's endpoint. */
    public Endpoint(Protocol protocol, String host, int port, Credentials credentials, Optional<Tls> tls) {
        this(protocol, host, port, credentials, tls, List.of());
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
        return new Endpoint(protocol, host, port, credentials, tls, others);
    }

    /** The same endpoint, over TLS as {@code tls} says. */
    public Endpoint with(Tls tls) {
        return new Endpoint(protocol, host, port, credentials, Optional.of(tls), others);
    }

    /** The same endpoint at another host and port (a relay's); a single node's only. */
    public Endpoint at(String otherHost, int otherPort) {
        if (!others.isEmpty()) {
            throw new IllegalStateException("a cluster's endpoint " + url() + " cannot move to one address");
        }
        return new Endpoint(protocol, otherHost, otherPort, credentials, tls, others);
    }

    /** The same endpoint, with {@code others} as the same listener on the broker's other nodes. */
    public Endpoint withOthers(List<Address> others) {
        return new Endpoint(protocol, host, port, credentials, tls, others);
    }

    /** Every node's address, this one first: what a client with failover is given. */
    public List<Address> addresses() {
        List<Address> all = new java.util.ArrayList<>();
        all.add(new Address(host, port));
        all.addAll(others);
        return List.copyOf(all);
    }

    /** Every node's {@code HOST:PORT}, joined by {@code separator}, this one first. */
    public String hostsAndPorts(String separator) {
        return addresses().stream().map(Address::toString).collect(java.util.stream.Collectors.joining(separator));
    }

    /** How the endpoint is reached, for the record: {@code PROTOCOL://HOST:PORT} or {@code PROTOCOL+tls://...}. */
    public String url() {
        return protocol + (tls.isPresent() ? "+tls" : "") + "://" + hostsAndPorts(",");
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
