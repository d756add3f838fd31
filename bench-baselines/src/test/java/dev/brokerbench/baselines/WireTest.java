package dev.brokerbench.baselines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.spi.Reply;
import org.junit.jupiter.api.Test;

class WireTest {
    @Test
    void anIdAndItsPayloadTravelInOneFrame() {
        byte[] frame = Wire.join(42L, new byte[] {1, 2, 3});
        assertThat(frame).hasSize(Wire.ID_BYTES + 3);
        assertThat(Wire.id(frame)).isEqualTo(42L);
        assertThat(Wire.payload(frame)).containsExactly(1, 2, 3);
        assertThat(Wire.payload(Wire.id(7L))).isEmpty();
    }

    @Test
    void aFrameTooShortForAnIdHasNoCorrelation() {
        assertThat(Wire.id(new byte[3])).isEqualTo(Reply.NO_CORRELATION);
        assertThat(Wire.id((byte[]) null)).isEqualTo(Reply.NO_CORRELATION);
        assertThat(Wire.payload(new byte[3])).isEmpty();
    }
}
