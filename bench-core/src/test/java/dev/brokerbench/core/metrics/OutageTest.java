package dev.brokerbench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The silence after a kill: the longest gap that ends after it, unless the phase ended in a longer one. */
class OutageTest {
    @Test
    void theSilenceIsTheLongestGapAfterTheKillNotTheConfirmationsAlreadyOnTheWire() {
        // steady every 10, the kill at 100, two late confirmations of the dead node at 101 and 102, silence, 900 on
        long[] timeline = {80, 90, 100, 101, 102, 900, 910, 920};
        assertThat(Outage.after(timeline, 100, 925)).contains(new Outage(798, 800));
    }

    @Test
    void aSilenceStraddlingTheKillIsMeasuredFromTheLastCompletionBeforeIt() {
        long[] timeline = {10, 20, 30, 500, 510};
        assertThat(Outage.after(timeline, 35, 510)).contains(new Outage(470, 465));
    }

    @Test
    void noCompletionEndingTheSilenceMeansTheClientsNeverGotThroughAgain() {
        long[] timeline = {80, 90, 100, 101, 102};
        assertThat(Outage.after(timeline, 100, 1_000)).as("the phase ended in the silence").isEmpty();
        assertThat(Outage.after(new long[] {80, 90}, 100, 1_000)).isEmpty();
        assertThat(Outage.after(new long[0], 100, 1_000)).isEmpty();
    }
}
