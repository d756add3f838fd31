package dev.brokerbench.brokers.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
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
    void inAContainerClientsAreToldTheHostsPortAndTheBrokerTalksToItselfInside() {
        Map<String, String> p = KafkaServerConfig.container(9092, 40123, "/var/lib/kafka/data",
                KafkaDurability.PAGE_CACHE);
        assertThat(p.get("advertised.listeners")).contains("PLAINTEXT://127.0.0.1:40123")
                .contains("INTERNAL://localhost:9094");
        assertThat(p).containsEntry("inter.broker.listener.name", "INTERNAL")
                .containsEntry("controller.quorum.voters", "1@localhost:9093");
    }
}
