package dev.brokerbench.brokers.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KafkaServerConfigTest {
    @Test
    void propertiesBecomeTheOfficialImagesVariableNames() {
        assertThat(KafkaContainerRuntime.environmentName("log.dirs")).isEqualTo("KAFKA_LOG_DIRS");
        assertThat(KafkaContainerRuntime.environmentName("listener.security.protocol.map"))
                .isEqualTo("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP");
        // the image reads '___' as '-', '__' as '_' and '_' as '.'
        assertThat(KafkaContainerRuntime.environmentName("a_b-c.d")).isEqualTo("KAFKA_A__B___C_D");
    }

    @Test
    void onlyTheFsyncVariantFlushesEachMessageAndItSaysWhoseVariantItIs() {
        Map<String, String> shipped = KafkaServerConfig.local("127.0.0.1", 1, 2, "/d", KafkaDurability.PAGE_CACHE);
        Map<String, String> fsync = KafkaServerConfig.local("127.0.0.1", 1, 2, "/d", KafkaDurability.FSYNC_EACH);
        assertThat(shipped).doesNotContainKey("log.flush.interval.messages");
        assertThat(fsync).containsEntry("log.flush.interval.messages", "1");
        assertThat(KafkaDurability.FSYNC_EACH.descriptor().variantOf()).contains("kafka");
        assertThat(KafkaDurability.PAGE_CACHE.descriptor().variantOf()).isEmpty();
    }

    @Test
    void aClusterNodeKnowsEveryControllerAndEveryTopicIsOnThreeBrokersAndTwoBeforeAnAcknowledgement() {
        Map<String, String> p = KafkaServerConfig.cluster("127.0.0.1", 2, 9092, List.of(9101, 9102, 9103), "/d",
                KafkaDurability.PAGE_CACHE);
        assertThat(p).containsEntry("node.id", "2")
                .containsEntry("controller.quorum.voters", "1@127.0.0.1:9101,2@127.0.0.1:9102,3@127.0.0.1:9103")
                .containsEntry("listeners", "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9102")
                .containsEntry("advertised.listeners", "PLAINTEXT://127.0.0.1:9092")
                .containsEntry("default.replication.factor", "3")
                .containsEntry("min.insync.replicas", "2")
                .containsEntry("offsets.topic.replication.factor", "3")
                .doesNotContainKey("controller.quorum.bootstrap.servers");
        assertThat(KafkaClusterLocalRuntime.DESCRIPTOR.variantOf()).contains("kafka");
    }

    @Test
    void inAContainerClientsAreToldTheHostsPortAndTheBrokerTalksToItselfInside() {
        Map<String, String> p = KafkaServerConfig.container(9092, 40123, "/var/lib/kafka/data",
                KafkaDurability.PAGE_CACHE);
        assertThat(p.get("advertised.listeners")).contains("PLAINTEXT://127.0.0.1:40123")
                .contains("INTERNAL://localhost:9094");
        assertThat(p).containsEntry("inter.broker.listener.name", "INTERNAL")
                .containsEntry("controller.quorum.voters", "1@localhost:9093");
    }

    @Test
    void aSecureListenerIsAdvertisedAsSaslSslWithItsOwnStoresAndUsers() {
        KafkaSecureListener secure = new KafkaSecureListener("SECURE", 3, Path.of("/k/broker.p12"),
                Optional.of(Path.of("/k/clients.p12")), "pw", Map.of("alice", "a-secret"));
        Map<String, String> p = KafkaServerConfig.local("127.0.0.1", 1, 2, "/d", KafkaDurability.PAGE_CACHE,
                List.of(secure));
        assertThat(p.get("listeners")).endsWith(",SECURE://127.0.0.1:3");
        assertThat(p.get("advertised.listeners")).endsWith(",SECURE://127.0.0.1:3");
        assertThat(p.get("listener.security.protocol.map")).endsWith(",SECURE:SASL_SSL");
        assertThat(p).containsEntry("inter.broker.listener.name", "PLAINTEXT")
                .containsEntry("listener.name.secure.ssl.keystore.location", "/k/broker.p12")
                .containsEntry("listener.name.secure.ssl.client.auth", "required")
                .containsEntry("listener.name.secure.sasl.enabled.mechanisms", "PLAIN,SCRAM-SHA-512");
        assertThat(p.get("listener.name.secure.plain.sasl.jaas.config")).contains("user_alice=\"a-secret\"");
        assertThat(KafkaSecureListener.formatArguments(List.of(secure, secure)))
                .containsExactly("--add-scram", "SCRAM-SHA-512=[name=alice,password=a-secret]");
        assertThat(KafkaServerConfig.local("127.0.0.1", 1, 2, "/d", KafkaDurability.PAGE_CACHE))
                .doesNotContainKey("sasl.enabled.mechanisms");
    }

    @Test
    void aListenerNeedsANameOfItsOwnAndAUser() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new KafkaSecureListener("PLAINTEXT", 3,
                Path.of("k"), Optional.empty(), "pw", Map.of("a", "b"))).hasMessageStartingWith("name:");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new KafkaSecureListener("S", 3,
                Path.of("k"), Optional.empty(), "pw", Map.of())).hasMessageStartingWith("users:");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new KafkaSecureListener("S", 3,
                Path.of("k"), Optional.empty(), "pw", Map.of("a", "b\"c"))).hasMessageStartingWith("users: 'a'");
    }
}
