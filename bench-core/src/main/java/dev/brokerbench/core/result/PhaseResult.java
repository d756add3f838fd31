package dev.brokerbench.core.result;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.PublishMode;
import java.util.List;

/**
 * One phase as measured.
 *
 * @param name          phase name
 * @param action        publish or consume
 * @param mode          publish mode (null for consume)
 * @param reported      the case's headline phase
 * @param expected      messages the phase was meant to complete
 * @param completed     confirms (publish) or deliveries (consume) that happened
 * @param activeSeconds first send/receive to last completion
 * @param rate          overall and per-window rates
 * @param series        progress curve for charts
 * @param latency       publish: send to broker confirmation (from the intended send time when rate-limited);
 *                      null for consume phases
 * @param sendDelay     rate-limited publish only: how late sends left compared with the schedule
 * @param resources     CPU and GC
 * @param errors        first errors seen (at most 20), empty when clean
 */
public record PhaseResult(String name, Action action, PublishMode mode, boolean reported, long expected,
                          long completed, double activeSeconds, RateSummary rate, TimeSeries series,
                          LatencySummary latency, LatencySummary sendDelay, ResourceUsage resources,
                          List<String> errors) {
}
