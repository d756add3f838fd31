package dev.brokerbench.brokers.kafka;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A further client listener of a Kafka the suite starts, secured as a Kafka users run would be: TLS with the
 * listener's own key store (the certificate the broker shows), a client certificate asked for when a trust store for
 * them is given, and a SASL login (SASL_SSL) as one of {@code users} with PLAIN or SCRAM-SHA-512. It serves the tests
 * of the client paths' security; the suite's own runs use the plain listener.
 *
 * @param name             the listener's name in the server properties (upper case, e.g. {@code SECURE})
 * @param port             its loopback port
 * @param keyStore         PKCS12 store of the broker's key and certificate
 * @param clientTrustStore PKCS12 store of the client certificates accepted; empty: none asked for
 * @param storePassword    the stores' password
 * @param users            user name to password, for both mechanisms
 */
public record KafkaSecureListener(String name, int port, Path keyStore, Optional<Path> clientTrustStore,
                                  String storePassword, Map<String, String> users) {
    /** The mechanisms the listener offers. */
    public static final List<String> MECHANISMS = List.of("PLAIN", "SCRAM-SHA-512");

    public KafkaSecureListener {
        if (!name.matches("[A-Z][A-Z0-9_]*") || name.equals(KafkaServerConfig.CLIENT_LISTENER)
                || name.equals(KafkaServerConfig.CONTROLLER_LISTENER)) {
            throw new IllegalArgumentException("name: '" + name + "' is not an upper-case listener name of its own");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port: " + port + " is not a TCP port");
        }
        Objects.requireNonNull(keyStore, "keyStore");
        Objects.requireNonNull(clientTrustStore, "clientTrustStore (Optional.empty() for no client certificate)");
        Objects.requireNonNull(storePassword, "storePassword");
        if (users.isEmpty()) {
            throw new IllegalArgumentException("users: a SASL listener needs at least one user");
        }
        // written unescaped into a JAAS option (user_NAME="PASSWORD") and kafka-storage's [name=N,password=P]
        users.forEach((user, password) -> {
            if (!user.matches("[A-Za-z0-9_-]+") || !password.matches("[^\"\\,\\]\\s]+")) {
                throw new IllegalArgumentException("users: '" + user + "' and its password must be plain words"
                        + " (user: letters, digits, '_', '-'; password: no quote, backslash, comma, ']' or space)");
            }
        });
        users = Map.copyOf(users);
    }

    /** Its server properties, each under {@code listener.name.NAME.}. */
    Map<String, String> serverProperties() {
        String prefix = "listener.name." + name.toLowerCase(java.util.Locale.ROOT) + ".";
        Map<String, String> p = new LinkedHashMap<>();
        p.put(prefix + "ssl.keystore.location", keyStore.toString());
        p.put(prefix + "ssl.keystore.type", "PKCS12");
        p.put(prefix + "ssl.keystore.password", storePassword);
        p.put(prefix + "ssl.key.password", storePassword);
        clientTrustStore.ifPresent(trust -> {
            p.put(prefix + "ssl.truststore.location", trust.toString());
            p.put(prefix + "ssl.truststore.type", "PKCS12");
            p.put(prefix + "ssl.truststore.password", storePassword);
            p.put(prefix + "ssl.client.auth", "required");
        });
        p.put(prefix + "sasl.enabled.mechanisms", String.join(",", MECHANISMS));
        StringBuilder plain = new StringBuilder("org.apache.kafka.common.security.plain.PlainLoginModule required");
        users.forEach((user, password) -> plain.append(" user_").append(user).append("=\"").append(password)
                .append('"'));
        p.put(prefix + "plain.sasl.jaas.config", plain.append(';').toString());
        p.put(prefix + "scram-sha-512.sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required;");
        return p;
    }

    /** {@code kafka-storage format} arguments that store the SCRAM-SHA-512 credentials of every listener's users. */
    static List<String> formatArguments(List<KafkaSecureListener> listeners) {
        return listeners.stream().flatMap(l -> l.users().entrySet().stream()).distinct()
                .flatMap(u -> java.util.stream.Stream.of("--add-scram",
                        "SCRAM-SHA-512=[name=" + u.getKey() + ",password=" + u.getValue() + "]")).toList();
    }
}
