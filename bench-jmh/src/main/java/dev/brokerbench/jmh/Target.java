package dev.brokerbench.jmh;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The running broker and client path a benchmark measures. JMH passes it to its forks as a {@code @Param} string,
 * {@code broker|clientPath|protocol|p1=host:port;p2=host:port}: {@link #param()} writes it, {@link #of} reads it.
 *
 * @param brokerId   the broker, for the path's broker-specific settings and the broker's own queue operations
 * @param clientPath the path's id
 * @param protocol   the protocol the path speaks
 * @param endpoints  every endpoint the broker offers (its module may declare queues over another protocol)
 */
public record Target(String brokerId, String clientPath, Protocol protocol, Map<Protocol, Endpoint> endpoints) {
    public Target {
        endpoints = Map.copyOf(endpoints);
        if (!endpoints.containsKey(protocol)) {
            throw new IllegalArgumentException("endpoints of " + brokerId + " hold no " + protocol + " endpoint: "
                    + endpoints.keySet());
        }
    }

    /** The endpoint the path connects to. */
    public Endpoint endpoint() {
        return endpoints.get(protocol);
    }

    public String param() {
        return String.join("|", brokerId, clientPath, protocol.name(), endpoints.values().stream()
                .sorted(java.util.Comparator.comparing(Endpoint::protocol))
                .map(e -> e.protocol() + "=" + e.hostAndPort()).collect(Collectors.joining(";")));
    }

    public static Target of(String param) {
        String[] parts = param.split("\\|", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException("target must be broker|clientPath|protocol|p1=host:port;..., got '"
                    + param + "'");
        }
        Map<Protocol, Endpoint> endpoints = new LinkedHashMap<>();
        for (String e : parts[3].split(";")) {
            String[] kv = e.split("=", 2);
            int colon = kv[1].lastIndexOf(':');
            Protocol p = new Protocol(kv[0]);
            endpoints.put(p, new Endpoint(p, kv[1].substring(0, colon), Integer.parseInt(kv[1].substring(colon + 1))));
        }
        return new Target(parts[0], parts[1], new Protocol(parts[2]), endpoints);
    }

    /** The broker and client path ids of a stored score's target param, in this form or the earlier five-field one. */
    public static String[] brokerAndPath(String param) {
        String[] parts = param.split("\\|", -1);
        return new String[] {parts[0], parts.length > 1 ? parts[1] : "?"};
    }
}
