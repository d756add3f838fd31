package dev.brokerbench.core.stats;

/**
 * What two figures with their intervals allow one to say: which is higher, only where their 95 % intervals do not
 * overlap. Non-overlapping 95 % intervals is a strict test (stricter than a 5 % t-test of the difference), which is
 * what a ranking shown to people should meet.
 */
public enum Difference {
    /** The first figure's interval lies wholly above the second's. */
    FIRST_HIGHER("higher"),
    /** The first figure's interval lies wholly below the second's. */
    FIRST_LOWER("lower"),
    /** The intervals overlap: no ranking. */
    NO_CLEAR_DIFFERENCE("no clear difference"),
    /** One of them has a single repeat and no interval: no ranking either. */
    NO_INTERVAL("no interval (a single repeat; run with --repeat 3 or more to rank)");

    private final String words;

    Difference(String words) {
        this.words = words;
    }

    public static Difference between(Estimate first, Estimate second) {
        if (!first.hasInterval() || !second.hasInterval()) {
            return NO_INTERVAL;
        }
        if (first.overlaps(second)) {
            return NO_CLEAR_DIFFERENCE;
        }
        return first.low() > second.high() ? FIRST_HIGHER : FIRST_LOWER;
    }

    /** True when a winner may be named. */
    public boolean clear() {
        return this == FIRST_HIGHER || this == FIRST_LOWER;
    }

    public String words() {
        return words;
    }
}
