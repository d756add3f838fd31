package dev.brokerbench.core.metrics;

import java.util.Optional;

/**
 * The silence a kill caused in a phase's completions: of the gaps between consecutive completions that end after the
 * kill, the longest. The confirmations a dying node had already put on the wire still arrive just after the kill;
 * the silence is what follows them, until the clients got through elsewhere.
 *
 * @param silenceNanos          the longest gap between two completions that ends after the kill
 * @param resumedAfterKillNanos from the kill to the completion that ended that gap
 */
public record Outage(long silenceNanos, long resumedAfterKillNanos) {
    public Outage {
        if (silenceNanos < 0 || resumedAfterKillNanos < 0) {
            throw new IllegalArgumentException("silenceNanos and resumedAfterKillNanos must be >= 0, got "
                    + silenceNanos + ", " + resumedAfterKillNanos);
        }
    }

    /**
     * @param timeline  every completion time of the phase, sorted ({@link ProgressClock#timeline()})
     * @param killNanos when the kill was sent
     * @param endNanos  when the phase ended: a silence from the last completion to here ended with no completion
     * @return empty when no completion ended the longest silence after the kill (the clients never got through
     *         again, or had nothing left to send)
     */
    public static Optional<Outage> after(long[] timeline, long killNanos, long endNanos) {
        long longest = -1;
        long endedAt = 0;
        for (int i = 0; i < timeline.length; i++) {
            if (timeline[i] <= killNanos) {
                continue;
            }
            // the first completion after the kill measures its gap from the one before, or from the kill
            long gap = timeline[i] - (i == 0 ? killNanos : timeline[i - 1]);
            if (gap > longest) {
                longest = gap;
                endedAt = timeline[i];
            }
        }
        long last = timeline.length == 0 ? killNanos : Math.max(killNanos, timeline[timeline.length - 1]);
        if (longest < 0 || endNanos - last > longest) {
            return Optional.empty();
        }
        return Optional.of(new Outage(longest, endedAt - killNanos));
    }
}
