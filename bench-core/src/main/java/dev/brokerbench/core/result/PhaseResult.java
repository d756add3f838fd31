package dev.brokerbench.core.result;

import dev.brokerbench.core.io.Required;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.PublishMode;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param bytes         the body bytes of those completions (what MB/s counts); null for calls, and in results from
 *                      before it was kept
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
 * @param steps         a live case on a rate schedule: each step's figures (on the consumers' phase); empty otherwise
 * @param backlog       a live case with a backlog: how its consumers drained it (on the consumers' phase); null
 *                      otherwise
 * @param destinations  a case on many queues: each queue's accounting and the spread between them (on the
 *                      consumers' phase); null otherwise
 * @param bySize        bodies of several sizes: the phase's latency (confirmations, or end-to-end beside the
 *                      publishers) by size class; null otherwise
 * @param logs          the latencies interval by interval, for the histogram logs the result store writes beside
 *                      the result; not part of the result's JSON (read back: empty)
 */
public record PhaseResult(@Required String name, @Required Action action, PublishMode mode, boolean reported,
                          long expected, long completed, Long bytes, double activeSeconds, @Required RateSummary rate,
                          @Required TimeSeries series,
                          LatencySummary latency, LatencySummary sendDelay, LatencySummary endToEnd,
                          @Required ResourceUsage resources, @Required List<String> errors,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ScheduleStep> steps,
                          @JsonInclude(JsonInclude.Include.NON_NULL) BacklogDrain backlog,
                          @JsonInclude(JsonInclude.Include.NON_NULL) DestinationSpread destinations,
                          @JsonInclude(JsonInclude.Include.NON_NULL) SizeClasses bySize,
                          @JsonIgnore Map<LatencyMetric, LatencyLog> logs) {
    public PhaseResult {
        steps = steps == null ? List.of() : List.copyOf(steps);
        logs = logs == null ? Map.of() : Map.copyOf(logs);
    }

    /** This result with the steps of its rate schedule. */
    public PhaseResult withSteps(List<ScheduleStep> scheduled) {
        return new PhaseResult(name, action, mode, reported, expected, completed, bytes, activeSeconds, rate, series,
                latency, sendDelay, endToEnd, resources, errors, scheduled, backlog, destinations, bySize, logs);
    }

    /** This result with how its consumers drained a backlog. */
    public PhaseResult withBacklog(BacklogDrain drained) {
        return new PhaseResult(name, action, mode, reported, expected, completed, bytes, activeSeconds, rate, series,
                latency, sendDelay, endToEnd, resources, errors, steps, drained, destinations, bySize, logs);
    }

    /** This result with each of its queues' accounting. */
    public PhaseResult withDestinations(DestinationSpread spread) {
        return new PhaseResult(name, action, mode, reported, expected, completed, bytes, activeSeconds, rate, series,
                latency, sendDelay, endToEnd, resources, errors, steps, backlog, spread, bySize, logs);
    }

    /** This phase with its latency by size class ({@code null}: none). */
    public PhaseResult withBySize(SizeClasses classes) {
        return new PhaseResult(name, action, mode, reported, expected, completed, bytes, activeSeconds, rate, series,
                latency, sendDelay, endToEnd, resources, errors, steps, backlog, destinations, classes, logs);
    }

    /** Body megabytes (10^6 bytes) per second over the active time; null where the bytes were not counted. */
    public Double megabytesPerSecond() {
        return bytes == null || activeSeconds <= 0 ? null : bytes / activeSeconds / 1e6;
    }
}
