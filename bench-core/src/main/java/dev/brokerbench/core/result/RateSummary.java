package dev.brokerbench.core.result;

/**
 * Message rates of one phase in msg/s.
 *
 * <p>Windows: consecutive stretches of the phase's completions (all clients together, in time order); a window closes
 * at the first completion that gives it at least {@code windowSize} completions and at least {@code windowMinMillis}
 * of time, so a client library's batching (1000 confirmations in one frame) cannot make a window microseconds long.
 * The first window starts at the phase start; a final partial window is left out of min / mean / max.
 *
 * @param overall         completions / active seconds (phase start to the last completion)
 * @param windowMin       slowest window
 * @param windowMean      completions in whole windows / the time those windows span (not a mean of rates)
 * @param windowMax       fastest window
 * @param windows         number of whole windows
 * @param windowSize      least completions per window (1000 as in the published tables)
 * @param windowMinMillis least duration of a window
 */
public record RateSummary(double overall, double windowMin, double windowMean, double windowMax, int windows,
                          int windowSize, long windowMinMillis) {
    /**
     * The fewest whole windows whose min / mean / max can show whether a phase ran steadily: with fewer, the three
     * figures are one or two windows' (or none: "0..0"), and the phase reads "too short to show steadiness".
     */
    public static final int STEADY_WINDOWS = 3;

    /** Whether the phase had enough whole windows ({@link #STEADY_WINDOWS}) for min / mean / max to mean anything. */
    public boolean showsSteadiness() {
        return windows >= STEADY_WINDOWS;
    }

    /**
     * The windows' range as the console prints it, e.g. {@code "windows 9,120..11,845"}, or why there is none, e.g.
     * {@code "too short to show steadiness: 0 whole windows of >= 1000 msgs and 100 ms"}.
     */
    public String windowRange() {
        if (!showsSteadiness()) {
            return String.format(java.util.Locale.ROOT, "too short to show steadiness: %d whole window%s of >= %d"
                    + " msgs and %d ms", windows, windows == 1 ? "" : "s", windowSize, windowMinMillis);
        }
        return String.format(java.util.Locale.ROOT, "windows %,.0f..%,.0f", windowMin, windowMax);
    }
}
