package dev.brokerbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.SaslMechanism;
import dev.brokerbench.core.broker.Tls;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class KafkaConnectionTest {
    private static final Endpoint PLAIN = new Endpoint(Protocol.KAFKA, "mq1", 9092);
    private static final Tls JVM_TRUST = new Tls(Optional.empty(), Optional.empty());

    private static Credentials user(String password, SaslMechanism mechanism) {
        return new Credentials(Optional.of("app"), Optional.of(password), Optional.ofNullable(mechanism));
    }

    @Test
    void theSecurityProtocolFollowsFromTlsAndAUser() {
        assertThat(new KafkaConnection(PLAIN).properties()).containsEntry("security.protocol", "PLAINTEXT")
                .doesNotContainKey("sasl.mechanism");
        assertThat(new KafkaConnection(PLAIN.with(JVM_TRUST)).properties())
                .containsEntry("security.protocol", "SSL");
        assertThat(new KafkaConnection(PLAIN.with(user("pw", null))).properties())
                .containsEntry("security.protocol", "SASL_PLAINTEXT");
        assertThat(new KafkaConnection(PLAIN.with(user("pw", null)).with(JVM_TRUST)).properties())
                .containsEntry("security.protocol", "SASL_SSL");
    }

    @Test
    void theLoginModuleIsTheMechanismsAndPlainUnlessOneIsChosen() {
        Properties plain = new KafkaConnection(PLAIN.with(user("pw", null))).properties();
        assertThat(plain).containsEntry("sasl.mechanism", "PLAIN");
        assertThat((String) plain.get("sasl.jaas.config"))
                .isEqualTo("org.apache.kafka.common.security.plain.PlainLoginModule required username=\"app\""
                        + " password=\"pw\";");
        Properties scram = new KafkaConnection(PLAIN.with(user("pw", SaslMechanism.SCRAM_SHA_512))).properties();
        assertThat(scram).containsEntry("sasl.mechanism", "SCRAM-SHA-512");
        assertThat((String) scram.get("sasl.jaas.config"))
                .startsWith("org.apache.kafka.common.security.scram.ScramLoginModule required");
    }

    @Test
    void aPasswordWithQuotesAndBackslashesReachesTheLoginModuleWhole() {
        String config = (String) new KafkaConnection(PLAIN.with(user("a\"b\\c", null))).properties()
                .get("sasl.jaas.config");
        assertThat(config).endsWith("password=\"a\\\"b\\\\c\";");
        // parsed as Kafka parses it: the password comes back as given
        assertThat(org.apache.kafka.common.security.JaasContext.loadClientContext(java.util.Map.of(
                "sasl.jaas.config", new org.apache.kafka.common.config.types.Password(config)))
                .configurationEntries().get(0).getOptions().get("password")).isEqualTo("a\"b\\c");
    }

    @Test
    void theRecordNamesTheMechanismAndNeverThePassword() {
        KafkaConnection c = new KafkaConnection(PLAIN.with(user("s3cret-77", null)).with(JVM_TRUST));
        assertThat(c.describe()).isEqualTo("mq1:9092, security.protocol=SASL_SSL, sasl.mechanism=PLAIN (the suite's"
                + " default)");
        assertThat(c.credentials()).contains("user app").doesNotContain("s3cret-77");
        assertThat(c.tls()).isPresent();
    }
}
