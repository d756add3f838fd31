package dev.brokerbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.gc.GcPause;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A cell's GC figures from pauses placed before, within and after it: each figure against its known value. */
class BrokerGcTest {
    private static final Instant T0 = Instant.parse("2026-11-29T12:00:00Z");

    private static GcPause at(long millisFromT0, double pause, boolean full, long afterKb, long sizeKb) {
        return new GcPause(T0.plusMillis(millisFromT0), pause, full, afterKb, sizeKb);
    }

    private final List<GcPause> log = List.of(
            at(-500, 900, true, 100 * 1024, 512 * 1024),   // before the cell: its heap only
            at(0, 20, false, 200 * 1024, 512 * 1024),      // at the start: in
            at(4_000, 180, true, 300 * 1024, 1024 * 1024), // in, the longest, full
            at(9_000, 50, false, -1, -1),                  // in, no heap figure on its line
            at(10_000, 999, true, 900 * 1024, 2048 * 1024)); // at the end: out

    @Test
    void countsThePausesThatBeganWithinTheCellAndTheirShareOfIt() {
        BrokerGc gc = BrokerGc.between(log, T0, T0.plusSeconds(10));

        assertThat(gc.pauses()).isEqualTo(3);
        assertThat(gc.fullCollections()).isEqualTo(1);
        assertThat(gc.longestPauseMillis()).isEqualTo(180);
        assertThat(gc.pausedShare()).isEqualTo(250 / 10_000.0);
        // the last pause with a heap figure before the end, not the later one nor the one without
        assertThat(gc.heapAfterMb()).isEqualTo(300);
        assertThat(gc.heapSizeMb()).isEqualTo(1024);
        assertThat(gc.describe()).isEqualTo(
                "3 pauses (1 full), longest 180 ms, 2.5 % of the cell, heap after the last 300 of 1024 MB");
    }

    @Test
    void aCellWithoutPausesKeepsTheHeapAsTheLastPauseBeforeItLeftIt() {
        BrokerGc gc = BrokerGc.between(log, T0.minusMillis(400), T0.minusMillis(100));

        assertThat(gc.pauses()).isZero();
        assertThat(gc.longestPauseMillis()).isZero();
        assertThat(gc.pausedShare()).isZero();
        assertThat(gc.heapAfterMb()).isEqualTo(100);
    }

    @Test
    void aLogWithNoPauseYetHasNoHeapFigure() {
        BrokerGc gc = BrokerGc.between(List.of(), T0, T0.plusSeconds(1));

        assertThat(gc.heapAfterMb()).isNull();
        assertThat(gc.describe()).endsWith("no heap figure yet");
    }
}
