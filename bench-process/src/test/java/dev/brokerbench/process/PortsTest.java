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
}
