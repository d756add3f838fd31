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
}
