package dev.brokerbench.jms.provider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capabilities;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Support;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What each JMS provider records of the parity settings, built without connecting (no broker needed). */
class ProviderSettingsTest {
    private static final ClientSpec SPEC = new ClientSpec(1000, 1000, AckMode.AUTO, 1, true, 0);

    private static Map<String, String> settings(DriverFactory path, String brokerId) throws Exception {
        try (Driver driver = path.create(brokerId, Endpoint.loopback(path.protocol(), 1), SPEC)) {
            return driver.info().settings();
        }
    }

    @Test
    void everyRegisteredPathSaysWhyOfEachGap() {
        Catalog catalog = Catalog.load();
        assertThat(catalog.pathIds()).contains("artemis-core-jms", "openwire-jms", "qpid-jms", "rabbitmq-jms");
        for (DriverFactory path : catalog.paths()) {
            assertThat(Capabilities.of(path)).as(path.id()).containsOnlyKeys(Capability.values());
            assertThat(Capabilities.of(path).get(Capability.TOPICS).supported()).as(path.id() + ": JmsDriver's topics")
                    .isTrue();
            path.gaps().values().forEach(s -> assertThat(s.reason()).as(path.id() + ": a gap says why").isNotBlank());
        }
    }

    @Test
    void qpidAddressesEachBrokerItsWay() throws Exception {
        QpidJms qpid = new QpidJms();
        assertThat(settings(qpid, "apollo").get("url")).contains("jms.queuePrefix=queue://")
                .contains("jms.prefetchPolicy.all=1000");
        assertThat(settings(qpid, "rabbitmq").get("url")).contains("jms.queuePrefix=/amq/queue/");
        assertThat(settings(qpid, "artemis").get("url")).doesNotContain("queuePrefix");
        assertThat(settings(qpid, "artemis"))
                .containsEntry("prefetch", "link credit 1000 messages (jms.prefetchPolicy.all)")
                .containsEntry("deliveryMode", "PERSISTENT");
    }

    @Test
    void rabbitMqJmsConsumesThroughAListenerAndDoesNotReconnect() {
        Map<Capability, Support> caps = Capabilities.of(new RabbitMqJms());
        assertThat(caps.get(Capability.CLIENT_ACK).supported()).isFalse();
        assertThat(caps.get(Capability.SELECTORS).reason()).as("a gap on a facet JmsDriver implements")
                .contains("only on topics");
        assertThat(caps.get(Capability.RECONNECT).supported()).isFalse();
        assertThat(caps.get(Capability.PREFETCH).supported()).isTrue();
        assertThat(new RabbitMqJms().protocol()).isEqualTo(Protocol.AMQP091);
    }
}
