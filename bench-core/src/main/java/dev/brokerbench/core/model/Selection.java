package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

/**
 * A consumer's message selector that matches a share of the suite's messages: those whose sequence number ends in
 * a two-digit value below {@code matchingPercent} (sequence mod 100), so matching and other messages interleave
 * through the whole queue (runs of {@code matchingPercent} matching, then the rest).
 *
 * @param matchingPercent the share of messages it matches, 1..99
 */
public record Selection(int matchingPercent) {
    public Selection {
        check(matchingPercent >= 1 && matchingPercent <= 99, "matchingPercent",
                "must be 1..99 for a selector (100 runs without one)", matchingPercent);
    }

    /** Whether the selector matches the message with this sequence number. */
    public boolean matches(long sequence) {
        return key(sequence) < matchingPercent;
    }

    /** What a selector compares for the message with this sequence number: its last two digits, 0..99. */
    public static int key(long sequence) {
        return (int) (sequence % 100);
    }
}
