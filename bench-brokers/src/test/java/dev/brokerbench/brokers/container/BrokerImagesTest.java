package dev.brokerbench.brokers.container;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which image runs a broker: pinned names, present images preferred, overrides win. */
class BrokerImagesTest {
    @AfterEach
    void clearOverride() {
        System.clearProperty(BrokerImages.PROPERTY_PREFIX + "artemis");
    }

    @Test
    void imagesArePinnedToTheBuildsVersions() {
        assertThat(BrokerImages.official("artemis")).hasValueSatisfying(i ->
                assertThat(i).matches("apache/activemq-artemis:\\d+\\.\\d+\\.\\d+"));
        assertThat(BrokerImages.localBuild("artemis")).hasValueSatisfying(i ->
                assertThat(i).matches("brokerbench/activemq-artemis:\\d+\\.\\d+\\.\\d+"));
        assertThat(BrokerImages.official("apollo")).as("Apollo has no official image").isEmpty();
        assertThat(BrokerImages.localBuild("apollo")).isPresent();
    }

    @Test
    void officialIfPresentElseLocalBuildElseOfficialToPull() {
        String official = BrokerImages.official("artemis").orElseThrow();
        String local = BrokerImages.localBuild("artemis").orElseThrow();
        assertThat(BrokerImages.choose("artemis", Set.of(official, local)::contains))
                .isEqualTo(new BrokerImages.Choice(official, "official"));
        assertThat(BrokerImages.choose("artemis", Set.of(local)::contains))
                .isEqualTo(new BrokerImages.Choice(local, "local build"));
        assertThat(BrokerImages.choose("artemis", Set.<String>of()::contains))
                .isEqualTo(new BrokerImages.Choice(official, "official"));
        assertThat(BrokerImages.choose("apollo", Set.<String>of()::contains).source()).isEqualTo("local build");
    }

    @Test
    void anOverrideWinsEvenOverPresentImages() {
        System.setProperty(BrokerImages.PROPERTY_PREFIX + "artemis", "registry.example/artemis:custom");
        assertThat(BrokerImages.choose("artemis", i -> true))
                .isEqualTo(new BrokerImages.Choice("registry.example/artemis:custom", "override"));
    }
}
