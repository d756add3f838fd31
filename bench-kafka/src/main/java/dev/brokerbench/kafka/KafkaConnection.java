package dev.brokerbench.kafka;

import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.SaslMechanism;
import dev.brokerbench.core.broker.StoreFile;
import dev.brokerbench.core.broker.Tls;
import java.util.Properties;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;

/**
 * How every Kafka client of a driver (admin, producers, consumers) reaches the broker: the bootstrap address; over
 * TLS ({@code kafka+tls://}) the run's stores by path, the host name verified (Kafka's default,
 * {@code ssl.endpoint.identification.algorithm=https}); with a user ({@code --user}) a SASL login with the mechanism
 * chosen ({@code --sasl-mechanism}, PLAIN when none is: the one every SASL listener of Kafka can be given without
 * more than a password list). The security protocol follows: PLAINTEXT, SSL, SASL_PLAINTEXT or SASL_SSL.
 */
final class KafkaConnection {
    /** The mechanism of a user who chose none. */
    static final SaslMechanism DEFAULT_MECHANISM = SaslMechanism.PLAIN;
    private final Endpoint endpoint;

    KafkaConnection(Endpoint endpoint) {
        this.endpoint = endpoint;
    }

    /** The properties a client needs to connect, before its own. */
    Properties properties() {
        Properties p = new Properties();
        p.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, endpoint.hostsAndPorts(","));
        p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, securityProtocol());
        endpoint.tls().ifPresent(tls -> {
            tls.trustStore().ifPresent(s -> store(p, s, SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG,
                    SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG));
            tls.keyStore().ifPresent(s -> {
                store(p, s, SslConfigs.SSL_KEYSTORE_LOCATION_CONFIG, SslConfigs.SSL_KEYSTORE_TYPE_CONFIG,
                        SslConfigs.SSL_KEYSTORE_PASSWORD_CONFIG);
                s.password().ifPresent(pw -> p.put(SslConfigs.SSL_KEY_PASSWORD_CONFIG, pw));
            });
        });
        Credentials credentials = endpoint.credentials();
        credentials.user().ifPresent(user -> {
            SaslMechanism mechanism = mechanism();
            p.put(SaslConfigs.SASL_MECHANISM, mechanism.wireName());
            p.put(SaslConfigs.SASL_JAAS_CONFIG, loginModule(mechanism) + " required username=" + quoted(user)
                    + " password=" + quoted(credentials.password().orElse("")) + ";");
        });
        return p;
    }

    private String securityProtocol() {
        boolean sasl = endpoint.credentials().user().isPresent();
        boolean tls = endpoint.tls().isPresent();
        return sasl ? (tls ? "SASL_SSL" : "SASL_PLAINTEXT") : (tls ? "SSL" : "PLAINTEXT");
    }

    private SaslMechanism mechanism() {
        return endpoint.credentials().mechanism().orElse(DEFAULT_MECHANISM);
    }

    private static String loginModule(SaslMechanism mechanism) {
        return switch (mechanism) {
            case PLAIN -> "org.apache.kafka.common.security.plain.PlainLoginModule";
            case SCRAM_SHA_256, SCRAM_SHA_512 -> "org.apache.kafka.common.security.scram.ScramLoginModule";
        };
    }

    /** A JAAS option value: double-quoted, with backslash and quote escaped as the JAAS parser reads them. */
    static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static void store(Properties p, StoreFile store, String location, String type, String password) {
        p.put(location, store.path().toString());
        p.put(type, store.type());
        store.password().ifPresent(pw -> p.put(password, pw));
    }

    /** For the record: where and how (never a password). */
    String describe() {
        return endpoint.hostsAndPorts(",") + ", security.protocol=" + securityProtocol()
                + endpoint.credentials().user().map(u -> ", sasl.mechanism=" + mechanism()
                        + (endpoint.credentials().mechanism().isEmpty() ? " (the suite's default)" : ""))
                .orElse("");
    }

    /** For the record: the stores, where over TLS. */
    java.util.Optional<String> tls() {
        return endpoint.tls().map(t -> t.describe() + " (ssl.truststore.*, ssl.keystore.* by path)");
    }

    /** For the record: who logs in. */
    String credentials() {
        return endpoint.credentials().describe();
    }
}
