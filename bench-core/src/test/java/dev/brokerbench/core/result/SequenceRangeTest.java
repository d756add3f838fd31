package dev.brokerbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

class SequenceRangeTest {

    @Test
    void runsOfSetBitsInOrderUpToTheLimit() {
        BitSet bits = new BitSet();
        bits.set(3);
        bits.set(100, 203);
        bits.set(400, 402);
        bits.set(999);

        assertThat(SequenceRange.of(bits, 10)).hasToString("[3, 100-202, 400-401, 999]");
        assertThat(SequenceRange.of(bits, 2)).containsExactly(new SequenceRange(3, 3), new SequenceRange(100, 202));
        assertThat(SequenceRange.of(bits, 10).get(1).count()).isEqualTo(103);
        assertThat(SequenceRange.of(new BitSet(), 10)).isEmpty();
    }

    @Test
    void namesTheBadBound() {
        assertThatThrownBy(() -> new SequenceRange(5, 4)).hasMessageContaining("last must be >= first (5), was 4");
        assertThatThrownBy(() -> new SequenceRange(-1, 4)).hasMessageContaining("first must be >= 0");
        assertThatThrownBy(() -> SequenceRange.of(new BitSet(), -1)).hasMessageContaining("limit");
    }
}
