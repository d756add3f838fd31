package dev.brokerbench.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ports for one broker: all free, none twice, none a caller already holds for later. */
class PortsTest {
    @Test
    void portsForOneBrokerAreDistinctAndApartFromTheTakenOnes() {
        int taken = Ports.freeLoopbackPort();
        int[] ports = Ports.freeLoopbackPorts(20, List.of(taken));
        assertThat(ports).hasSize(20).doesNotContain(taken);
        assertThat(Arrays.stream(ports).distinct().count()).isEqualTo(20);
        assertThat(Arrays.stream(ports).allMatch(p -> p > 0 && p < 65536)).as("real port numbers").isTrue();
    }

    @Test
    void aRangeIsConsecutiveFreePortsInTheEphemeralRangeApartFromTheTakenOnes() throws Exception {
        int[] ephemeral = Ports.ephemeralRange();
        int low = Ports.freeLoopbackRange(16, List.of());
        assertThat(low).isBetween(ephemeral[0], ephemeral[1] - 15);
        for (int port = low; port < low + 16; port++) {
            try (java.net.ServerSocket s = new java.net.ServerSocket(port, 1,
                    java.net.InetAddress.getLoopbackAddress())) {
                assertThat(s.getLocalPort()).as("free").isEqualTo(port);
            }
        }
        java.util.Set<Integer> taken = new java.util.HashSet<>();
        for (int port = ephemeral[0]; port <= ephemeral[1]; port++) {
            if (port % 8 == 0) {
                taken.add(port);
            }
        }
        int between = Ports.freeLoopbackRange(7, taken);
        assertThat(between % 8).as("7 free ports fit only between two taken ones").isEqualTo(1);
    }

    @Test
    void aSocketsOwnPortRangeNeedsLinux63() {
        assertThat(Ports.localPortRangeSupported("Linux", "6.3.0")).isTrue();
        assertThat(Ports.localPortRangeSupported("Linux", "6.18.44-fc-v657")).isTrue();
        assertThat(Ports.localPortRangeSupported("Linux", "6.1.0-27-amd64")).isFalse();
        assertThat(Ports.localPortRangeSupported("Linux", "5.19.1")).isFalse();
        assertThat(Ports.localPortRangeSupported("Mac OS X", "14.1")).isFalse();
    }
}
