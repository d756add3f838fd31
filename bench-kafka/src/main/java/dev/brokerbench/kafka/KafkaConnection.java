package dev.brokerbench.kafka;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.StoreFile;
import dev.brokerbench.core.broker.Tls;
import java.util.Properties;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.SslConfigs;

/**
 * How every Kafka client of a driver (admin, producers, consumers) reaches the broker: the bootstrap address, and
 * over TLS ({@code kafka+tls://}) the SSL security protocol with the run's stores by path, the host name verified
 * (Kafka's default, {@code ssl.endpoint.identification.algorithm=https}). Kafka takes credentials through SASL, which
 * the Kafka paths do not map: a run with {@code --user} is refused before anything connects.
 */
final class KafkaConnection {
    private final Endpoint endpoint;

    KafkaConnection(Endpoint endpoint, String path) {
        if (endpoint.credentials().user().isPresent()) {
            throw new UnsupportedOperationException("Kafka takes credentials through SASL, which the " + path
                    + " path does not map yet; run against a listener without authentication");
        }
        this.endpoint = endpoint;
    }

    /** The properties a client needs to connect, before its own. */
    Properties properties() {
        Properties p = new Properties();
        p.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, endpoint.hostAndPort());
        endpoint.tls().ifPresent(tls -> {
            p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SSL");
            tls.trustStore().ifPresent(s -> store(p, s, SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG,
                    SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG));
            tls.keyStore().ifPresent(s -> {
                store(p, s, SslConfigs.SSL_KEYSTORE_LOCATION_CONFIG, SslConfigs.SSL_KEYSTORE_TYPE_CONFIG,
                        SslConfigs.SSL_KEYSTORE_PASSWORD_CONFIG);
                s.password().ifPresent(pw -> p.put(SslConfigs.SSL_KEY_PASSWORD_CONFIG, pw));
            });
        });
        return p;
    }

    private static void store(Properties p, StoreFile store, String location, String type, String password) {
        p.put(location, store.path().toString());
        p.put(type, store.type());
        store.password().ifPresent(pw -> p.put(password, pw));
    }

    /** For the record: where and how (never a password). */
    String describe() {
        return endpoint.hostAndPort() + endpoint.tls().map(Tls::describe)
                .map(t -> ", security.protocol=SSL: " + t).orElse(", PLAINTEXT");
    }
}
