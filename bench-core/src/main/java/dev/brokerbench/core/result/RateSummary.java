package dev.brokerbench.core.result;

/**
 * Message rates of one phase in msg/s. Windows are consecutive runs of {@code windowSize} completions (all
 * clients together); a final partial window is left out of min/mean/max.
 *
 * @param overall    completions / active seconds (first send or receive to last completion)
 * @param windowMin  slowest window
 * @param windowMean mean of the window rates
 * @param windowMax  fastest window
 * @param windows    number of whole windows
 * @param windowSize completions per window (1000 as in the published tables)
 */
public record RateSummary(double overall, double windowMin, double windowMean, double windowMax, int windows,
                          int windowSize) {
}
