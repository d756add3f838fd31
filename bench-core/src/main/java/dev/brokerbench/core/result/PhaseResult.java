package dev.brokerbench.core.result;

import dev.brokerbench.core.io.Required;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.PublishMode;
import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Map;

/**
 * One phase as measured.
 *
 * @param name          phase name
 * @param action        what the phase did
 * @param mode          publish mode (of the publishers, for a live phase); null for consume, rpc and one-way
 * @param reported      the case's headline phase
 * @param expected      messages the phase was meant to complete
 * @param completed     confirms (publish), replies (rpc) or first receipts (consume, live, one-way) that happened
 * @param activeSeconds first send/receive to last completion
 * @param rate          overall and per-window rates
 * @param series        progress curve for charts
 * @param latency       publish: send to broker confirmation (from the intended send time when rate-limited); rpc:
 *                      the call; null otherwise (a live phase's publishers report theirs as a publish phase)
 * @param sendDelay     rate-limited publish only: how late sends left compared with the schedule
 * @param endToEnd      live phase only: from each message's (intended) send to its first receipt, both on this JVM's
 *                      clock; null otherwise (a drain after the publish would count time spent waiting for it)
 * @param resources     CPU and GC
 * @param errors        first errors seen (at most 20), empty when clean
 * @param logs          the latencies interval by interval, for the histogram logs the result store writes beside
 *                      the result; not part of the result's JSON (read back: empty)
 */
public record PhaseResult(@Required String name, @Required Action action, PublishMode mode, boolean reported,
                          long expected, long completed, double activeSeconds, @Required RateSummary rate,
                          @Required TimeSeries series,
                          LatencySummary latency, LatencySummary sendDelay, LatencySummary endToEnd,
                          @Required ResourceUsage resources, @Required List<String> errors,
                          @JsonIgnore Map<LatencyMetric, LatencyLog> logs) {
    public PhaseResult {
        logs = logs == null ? Map.of() : Map.copyOf(logs);
    }
}
