package dev.brokerbench.core.result;

import java.util.List;

/**
 * What a latency curve's rate search found for one broker and client path.
 *
 * @param rule      the criteria a step had to meet, in words (with the allowance in seconds)
 * @param steps     every step in the order run, retries included
 * @param highest   the highest offered rate that was sustained, msg/s; null when none was
 * @param stoppedBy the criterion the lowest failing rate above it failed; null when no rate failed (the search hit
 *                  its ceiling)
 */
public record SustainedRate(String rule, List<SearchStep> steps, Double highest, StepVerdict stoppedBy) {
    public SustainedRate {
        steps = List.copyOf(steps);
    }

    public boolean found() {
        return highest != null;
    }
}
