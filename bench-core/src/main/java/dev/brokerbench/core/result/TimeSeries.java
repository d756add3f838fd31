package dev.brokerbench.core.result;

import dev.brokerbench.core.io.Required;

/**
 * The progress curve of a phase: after {@code step * i} completions, {@code seconds[i]} had passed since the start.
 *
 * @param step    completions between points
 * @param seconds elapsed seconds at each point, starting with 0
 */
public record TimeSeries(int step, @Required double[] seconds) {
}
