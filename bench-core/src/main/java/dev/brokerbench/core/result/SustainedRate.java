package dev.brokerbench.core.result;

import java.util.List;

/**
 * What a latency curve's rate search found for one broker and client path.
 *
 * @param rule      the criteria a step had to meet and how a rate was judged, in words (with the allowance in seconds)
 * @param steps     every step in the order run, every try at a rate included
 * @param highest   the highest offered rate that was sustained, msg/s; null when none was
 * @param stoppedBy the criterion the lowest failing rate above it failed; null when no rate failed (the search hit
 *                  its ceiling)
 * @param end       how the search ended: converged to its precision, or stopped by its ceiling, its floor, its step
 *                  cap or a failed step; null in results written before 2026-11-26, which did not say
 */
public record SustainedRate(String rule, List<SearchStep> steps, Double highest, StepVerdict stoppedBy,
                            SearchEnd end) {
    public SustainedRate {
        steps = List.copyOf(steps);
    }

    public boolean found() {
        return highest != null;
    }

    /** How the search ended, for a table: e.g. "converged", "step cap: not converged"; "-" where not recorded. */
    public String endDescription() {
        return end == null ? "-" : end.description();
    }
}
