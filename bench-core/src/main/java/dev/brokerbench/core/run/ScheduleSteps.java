package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.LatencyRecorder;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.RateSchedule;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.ScheduleStep;
import java.util.ArrayList;
import java.util.List;

/**
 * The latencies of a live phase on a rate schedule, step by step: each message's end-to-end latency and send delay
 * go to the step its intended send time falls in, counted from the publishers' start.
 */
final class ScheduleSteps {
    private final RateSchedule schedule;
    private final LatencyRecorder[] endToEnd;
    private final LatencyRecorder[] sendDelay;
    private volatile long startNanos;

    private ScheduleSteps(RateSchedule schedule, int publishers, int receivers) {
        this.schedule = schedule;
        int n = schedule.steps().size();
        endToEnd = new LatencyRecorder[n];
        sendDelay = new LatencyRecorder[n];
        for (int i = 0; i < n; i++) {
            endToEnd[i] = new LatencyRecorder(receivers);
            sendDelay[i] = new LatencyRecorder(publishers);
        }
    }

    /** The steps of {@code w}'s schedule, or null when it has none. */
    static ScheduleSteps of(Workload w) {
        RateSchedule schedule = w.shape() instanceof LiveCase l ? l.schedule() : null;
        return schedule == null ? null : new ScheduleSteps(schedule, w.clients(), w.consumers());
    }

    /** The publishers' start, from which the steps count. */
    void started(long nanos) {
        startNanos = nanos;
    }

    void endToEnd(int receiver, long intendedNanos, long latencyNanos) {
        endToEnd[step(intendedNanos)].record(receiver, latencyNanos);
    }

    void sendDelay(int publisher, long intendedNanos, long delayNanos) {
        sendDelay[step(intendedNanos)].record(publisher, delayNanos);
    }

    private int step(long intendedNanos) {
        return schedule.stepAt((intendedNanos - startNanos) / 1e9);
    }

    /** Each step as it ran; {@code receipts} are the consumers' first receipt times, sorted. */
    List<ScheduleStep> results(long[] receipts) {
        List<ScheduleStep> steps = new ArrayList<>();
        for (int i = 0; i < endToEnd.length; i++) {
            RateSchedule.Step step = schedule.steps().get(i);
            long from = startNanos + Math.round(schedule.startOf(i) * 1e9);
            long to = from + Math.round(step.seconds() * 1e9);
            long received = between(receipts, from, to);
            var e2e = endToEnd[i].histogram();
            var delay = sendDelay[i].histogram();
            // every send of a paced publisher records its delay: the step's sends (until 2026-11-29 "sent" counted
            // its messages that arrived, so a step's losses never showed)
            steps.add(new ScheduleStep(step, delay.getTotalCount(), received / step.seconds(),
                    e2e.getTotalCount() == 0 ? null : LatencySummary.of(e2e),
                    delay.getTotalCount() == 0 ? null : LatencySummary.of(delay), e2e.getTotalCount()));
        }
        return steps;
    }

    /** How many of the sorted {@code times} lie in [from, to). */
    private static long between(long[] times, long from, long to) {
        return lowerBound(times, to) - lowerBound(times, from);
    }

    private static int lowerBound(long[] sorted, long value) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
