package dev.brokerbench.brokers.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.Protocol;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which image runs a broker: tagged with the pom's version, present images preferred, overrides win. */
class BrokerImagesTest {
    private static final BrokerDescriptor ARTEMIS = BrokerDescriptor.broker("artemis", "Artemis", Protocol.CORE);
    private static final BrokerDescriptor APOLLO = BrokerDescriptor.broker("apollo", "Apollo", Protocol.STOMP);

    @AfterEach
    void clearOverride() {
        System.clearProperty(BrokerImages.PROPERTY_PREFIX + "artemis");
    }

    @Test
    void imagesAreTaggedWithThePomsVersion() {
        BrokerImages artemis = BrokerImages.withOfficial(ARTEMIS, "artemis.version", "apache/activemq-artemis");
        assertThat(artemis.official()).hasValueSatisfying(i ->
                assertThat(i).matches("apache/activemq-artemis:\\d+\\.\\d+\\.\\d+"));
        assertThat(artemis.localBuild()).matches("brokerbench/artemis:\\d+\\.\\d+\\.\\d+")
                .endsWith(artemis.official().orElseThrow().substring("apache/activemq-artemis".length()));
        BrokerImages apollo = BrokerImages.localOnly(APOLLO, "apollo.version");
        assertThat(apollo.official()).isEmpty();
        assertThat(apollo.localBuild()).matches("brokerbench/apollo:\\d+\\.\\d+\\.\\d+");
    }

    @Test
    void aVersionPropertyThePomLacksIsNamed() {
        assertThatThrownBy(() -> BrokerImages.localOnly(APOLLO, "apolo.version"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("versionProperty 'apolo.version'");
    }

    @Test
    void officialIfPresentElseLocalBuildElseOfficialToPull() {
        BrokerImages artemis = new BrokerImages("artemis", "artemis.version", Optional.of("o:1"), "l:1");
        assertThat(artemis.choose(Set.of("o:1", "l:1")::contains))
                .isEqualTo(new BrokerImages.Choice("o:1", "official"));
        assertThat(artemis.choose(Set.of("l:1")::contains))
                .isEqualTo(new BrokerImages.Choice("l:1", "local build"));
        assertThat(artemis.choose(Set.<String>of()::contains))
                .isEqualTo(new BrokerImages.Choice("o:1", "official"));
        BrokerImages apollo = new BrokerImages("apollo", "apollo.version", Optional.empty(), "l:2");
        assertThat(apollo.choose(Set.<String>of()::contains)).isEqualTo(new BrokerImages.Choice("l:2", "local build"));
    }

    @Test
    void anOverrideWinsEvenOverPresentImages() {
        System.setProperty(BrokerImages.PROPERTY_PREFIX + "artemis", "registry.example/artemis:custom");
        BrokerImages artemis = new BrokerImages("artemis", "artemis.version", Optional.of("o:1"), "l:1");
        assertThat(artemis.choose(i -> true))
                .isEqualTo(new BrokerImages.Choice("registry.example/artemis:custom", "override"));
    }
}
