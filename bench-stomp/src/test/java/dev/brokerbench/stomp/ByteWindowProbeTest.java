package dev.brokerbench.stomp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ByteWindowProbeTest {

    /** What a broker that pushes while its window has credit left hands a subscription of {@code window} bytes. */
    private static int pushed(long window, long size) {
        return (int) ((window + size - 1) / size); // the least k with k * size >= window
    }

    @Test
    void findsEverySizeWithinTheBoundTheWindowAllows() {
        for (int payload : new int[] {0, 8, 1024, 10_240}) {
            long window = 50 * (payload + 512L);
            for (long size = payload + 100; size <= payload + 900; size += 7) {
                int held = pushed(window, size);
                long estimate = ByteWindowProbe.sizeOf(window, held);
                double bound = size / (2.0 * held - 1) + 1; // + 1 for the rounding to whole bytes
                assertThat((double) Math.abs(estimate - size)).as("size %d, window %d, held %d", size, window, held)
                        .isLessThanOrEqualTo(bound);
            }
        }
    }

    @Test
    void aWindowThatTookOneMessageBoundsNothing() {
        assertThat(ByteWindowProbe.sizeOf(25_600, 2)).isEqualTo(17_067);
        assertThatThrownBy(() -> ByteWindowProbe.sizeOf(25_600, 1)).hasMessageContaining("held must be >= 2");
    }
}
