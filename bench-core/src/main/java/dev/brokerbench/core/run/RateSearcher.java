package dev.brokerbench.core.run;

import dev.brokerbench.core.model.RateSearch;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.SearchStep;
import dev.brokerbench.core.result.StepVerdict;
import dev.brokerbench.core.result.SustainedRate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds the highest offered rate a broker and client path sustain, one live step at a time: a first step at the
 * search's start rate warms the path up and is not judged; then from the start rate, doubled while steps are sustained (halved while they are not), then bisected (geometric mean) until the
 * highest sustained and the lowest failing rate are within {@link #PRECISION} of each other. A rate fails only when two
 * steps at it in a row fail, so one hiccup of a shared machine does not cut the curve short; a step that lost or
 * duplicated a message or failed ends the search.
 *
 * <p>A step is sustained when every message arrived exactly once and, within an allowance of 5 % of the step's
 * scheduled length (so the rates kept within about 5 % of the offered one): sends left no later behind their schedule (p99),
 * confirmations took no longer from the intended send (p99), and the last message arrived no later after the
 * schedule's end. A failed step is named by the first of these it failed, in this order (confirm latency timed from
 * the intended send includes the send delay, so publishers that fell behind are named as such).
 */
final class RateSearcher {
    /** The search ends when the highest sustained and lowest failing rate are this close (ratio). */
    static final double PRECISION = 1.1;
    /** At most this many steps (retries included). */
    static final int MAX_STEPS = 20;
    /** No rate above this is tried (msg/s). */
    static final double CEILING = 2_000_000;
    /** What a step may lag, as a share of its scheduled length. */
    static final double ALLOWANCE_SHARE = 0.05;

    private RateSearcher() {
    }

    /** Runs one step at an offered rate (msg/s, all publishers) and judges it. */
    @FunctionalInterface
    interface Step {
        SearchStep run(double offeredRate) throws InterruptedException;
    }

    /** The criteria in words, for the record. */
    static String rule(double stepSeconds) {
        return String.format(Locale.ROOT, "a step of %.1f s is sustained when every message arrives once and send"
                + " delay p99, confirm p99 and the last message's arrival after the schedule's end are within %.0f ms"
                + " (%.0f %% of the step); a rate fails when two steps at it fail; the search ends when the highest"
                + " sustained and lowest failing rate are within %.0f %%; the first step only warms up", stepSeconds, allowance(stepSeconds) * 1000,
                ALLOWANCE_SHARE * 100, (PRECISION - 1) * 100);
    }

    static double allowance(double scheduledSeconds) {
        return ALLOWANCE_SHARE * scheduledSeconds;
    }

    static SustainedRate search(RateSearch spec, Step step) throws InterruptedException {
        String rule = rule(spec.stepSeconds());
        List<SearchStep> steps = new ArrayList<>();
        double rate = spec.startRate();
        SearchStep warmUp = step.run(rate);
        if (warmUp.verdict() == StepVerdict.FAILED) {
            steps.add(warmUp);
            return new SustainedRate(rule, steps, null, StepVerdict.FAILED);
        }
        steps.add(warmUp.as(StepVerdict.WARM_UP));
        Double highest = null;
        Double lowestFailing = null;
        StepVerdict stoppedBy = null;
        while (steps.size() < MAX_STEPS) {
            StepVerdict verdict = attempt(rate, step, steps).verdict();
            if (verdict == StepVerdict.FAILED) {
                stoppedBy = verdict;
                break;
            }
            if (verdict.sustained()) {
                highest = rate;
            } else {
                lowestFailing = rate;
                stoppedBy = verdict;
            }
            double next = lowestFailing == null ? rate * 2 : highest == null ? rate / 2
                    : Math.sqrt(highest * lowestFailing);
            if (highest != null && lowestFailing != null && lowestFailing / highest <= PRECISION || next > CEILING
                    || next < 1) {
                break;
            }
            rate = next;
        }
        return new SustainedRate(rule, steps, highest, stoppedBy);
    }

    /** A step at {@code rate}, and a second one when the first failed a criterion (not when it failed outright). */
    private static SearchStep attempt(double rate, Step step, List<SearchStep> steps) throws InterruptedException {
        SearchStep first = step.run(rate);
        steps.add(first);
        if (first.verdict().sustained() || first.verdict() == StepVerdict.FAILED || steps.size() >= MAX_STEPS) {
            return first;
        }
        SearchStep second = step.run(rate);
        steps.add(second);
        return second;
    }

    /**
     * One live pass judged.
     *
     * @param offered           msg/s the publishers were paced to
     * @param scheduledSeconds  messages / offered: when the last send was due
     * @param publishers        the publishers' result (confirm latency, send delay)
     * @param consumers         the consumers' result (first receipts, end-to-end latency)
     * @param accounting        the pass's reconciliation
     */
    static SearchStep judge(double offered, double scheduledSeconds, PhaseResult publishers, PhaseResult consumers,
                            Accounting accounting) {
        double allowanceMicros = allowance(scheduledSeconds) * 1e6;
        Double confirm = publishers.latency() == null ? null : publishers.latency().p99Micros();
        double sendDelay = p99(publishers.sendDelay());
        double lag = consumers.activeSeconds() - scheduledSeconds;
        List<String> errors = new ArrayList<>(publishers.errors());
        errors.addAll(consumers.errors());
        StepVerdict verdict;
        String detail = null;
        if (accounting == null || !accounting.exact() || !errors.isEmpty()) {
            verdict = StepVerdict.FAILED;
            detail = accounting == null ? "no accounting" : !accounting.exact() ? accounting.summary()
                    : errors.get(0);
        } else if (sendDelay > allowanceMicros) {
            verdict = StepVerdict.PUBLISHERS_BEHIND; // confirm latency, timed from the intended send, includes it
        } else if (confirm != null && confirm > allowanceMicros) {
            verdict = StepVerdict.CONFIRMS_RAN_AWAY;
        } else if (lag * 1e6 > allowanceMicros) {
            verdict = StepVerdict.BACKLOG_GREW;
        } else {
            verdict = StepVerdict.SUSTAINED;
        }
        return new SearchStep(offered, publishers.rate().overall(), consumers.rate().overall(), confirm, sendDelay,
                p99(consumers.endToEnd()), lag, verdict, detail);
    }

    private static double p99(LatencySummary latency) {
        return latency == null ? 0 : latency.p99Micros();
    }
}
