package dev.brokerbench.core.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NetworkPathTest {
    @Test
    void aLinkRateReadsAsTcWritesIt() {
        assertThat(LinkRate.parse("100mbit").bitsPerSecond()).isEqualTo(100_000_000L);
        assertThat(LinkRate.parse("500kbit")).hasToString("500kbit");
        assertThat(LinkRate.parse("8mbit").bytesPerSecond()).isEqualTo(1_000_000L);
        assertThatThrownBy(() -> LinkRate.parse("100mb")).hasMessageContaining("'100mb' is not a link rate");
        assertThatThrownBy(() -> new LinkRate(1_000)).hasMessageStartingWith("bitsPerSecond must be within");
    }

    @Test
    void onlyAHostOfItsOwnHasALinkToShape() {
        assertThatThrownBy(() -> new NetworkPath(NetworkPath.Placement.LOOPBACK, Duration.ofMillis(1),
                Optional.empty())).hasMessageStartingWith("addedRtt and rate need placement NAMESPACE");
        assertThatThrownBy(() -> new NetworkPath(NetworkPath.Placement.NAMESPACE, Duration.ofMillis(-1),
                Optional.empty())).hasMessageStartingWith("addedRtt must be within");
        assertThat(new NetworkPath(NetworkPath.Placement.NAMESPACE, Duration.ofMillis(1),
                Optional.of(LinkRate.parse("1gbit"))).describe()).isEqualTo("namespace, +1.0 ms RTT, 1gbit");
    }
}
