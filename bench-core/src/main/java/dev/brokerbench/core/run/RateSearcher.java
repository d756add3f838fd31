package dev.brokerbench.core.run;

import dev.brokerbench.core.model.RateSearch;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.SearchEnd;
import dev.brokerbench.core.result.SearchStep;
import dev.brokerbench.core.result.StepVerdict;
import dev.brokerbench.core.result.SustainedRate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds the highest offered rate a broker and client path sustain, one live step at a time: a first step at the
 * search's start rate warms the path up and is not judged; then from the start rate, doubled while rates are sustained
 * (halved while they are not), then bisected (geometric mean) until the highest sustained and the lowest failing rate
 * are within {@link #PRECISION} of each other.
 *
 * <p>Each rate is judged on two steps, and on a third when those two disagree: it is sustained when two of its steps
 * are, not sustained when two are not, so one hiccup of a shared machine decides nothing either way (a rule that took
 * a retry's pass after a failure, but never a retry's failure after a pass, leaned towards higher rates). A step that
 * lost or duplicated a message or failed ends the search. The search also ends at {@link #CEILING}, below 1 msg/s
 * and at {@link #MAX_STEPS}; the result says which ({@link SearchEnd}), so a search stopped by its step cap is not
 * taken for one that converged.
 *
 * <p>A step is sustained when every message arrived exactly once and, within an allowance of 5 % of the step's
 * scheduled length (so the rates kept within about 5 % of the offered one): sends left no later behind their schedule (p99),
 * confirmations took no longer from the intended send (p99), and the last message arrived no later after the
 * schedule's end. A failed step is named by the first of these it failed, in this order (confirm latency timed from
 * the intended send includes the send delay, so publishers that fell behind are named as such), and a failed rate by
 * the earliest any of its steps failed.
 */
final class RateSearcher {
    /** The search ends when the highest sustained and lowest failing rate are this close (ratio). */
    static final double PRECISION = 1.1;
    /**
     * At most this many steps (the warm-up and every try included). A search from the l3 case's 1,000 msg/s with no
     * disagreeing tries takes at most 29: the warm-up, two tries at each of up to 11 rates doubling to 1,024,000 and
     * at each of the 3 bisections that bring a factor of 2 within 10 %. The cap leaves room for 11 thirds.
     */
    static final int MAX_STEPS = 40;
    /** No rate above this is tried (msg/s). */
    static final double CEILING = 2_000_000;
    /** What a step may lag, as a share of its scheduled length. */
    static final double ALLOWANCE_SHARE = 0.05;
    /** Steps a rate needs to agree on: two of at most three. */
    static final int AGREEING = 2;

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
                        + " delay p99, confirm p99 and the last message's arrival after the schedule's end are within"
                        + " %.0f ms (%.0f %% of the step); a rate is sustained when two of its steps are and fails when"
                        + " two fail (two steps, a third when they disagree); a step that loses or duplicates a message"
                        + " ends the search; the search ends when the highest sustained and lowest failing rate are"
                        + " within %.0f %%, or at %d steps, or before a rate above %,.0f msg/s, and says which; the"
                        + " first step only warms up", stepSeconds, allowance(stepSeconds) * 1000, ALLOWANCE_SHARE * 100,
                (PRECISION - 1) * 100, MAX_STEPS, CEILING);
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
            return new SustainedRate(rule, steps, null, StepVerdict.FAILED, SearchEnd.FAILED);
        }
        steps.add(warmUp.as(StepVerdict.WARM_UP));
        Double highest = null;
        Double lowestFailing = null;
        StepVerdict stoppedBy = null;
        while (true) {
            StepVerdict verdict = judge(rate, step, steps);
            if (verdict == null) {
                return new SustainedRate(rule, steps, highest, stoppedBy, SearchEnd.STEP_CAP);
            }
            if (verdict == StepVerdict.FAILED) {
                return new SustainedRate(rule, steps, highest, verdict, SearchEnd.FAILED);
            }
            if (verdict.sustained()) {
                highest = rate;
            } else {
                lowestFailing = rate;
                stoppedBy = verdict;
            }
            if (highest != null && lowestFailing != null && lowestFailing / highest <= PRECISION) {
                return new SustainedRate(rule, steps, highest, stoppedBy, SearchEnd.CONVERGED);
            }
            double next = lowestFailing == null ? rate * 2 : highest == null ? rate / 2
                    : Math.sqrt(highest * lowestFailing);
            if (next > CEILING) {
                return new SustainedRate(rule, steps, highest, stoppedBy, SearchEnd.CEILING);
            }
            if (next < 1) {
                return new SustainedRate(rule, steps, highest, stoppedBy, SearchEnd.FLOOR);
            }
            rate = next;
        }
    }

    /**
     * Steps at {@code rate} until {@link #AGREEING} of them agree: two, and a third when they disagree. Returns
     * {@link StepVerdict#SUSTAINED}; for a rate that failed, the first criterion (in the order steps are judged) any
     * of its steps failed, so that a rate whose publishers fell behind in one step and whose confirmations lagged
     * just past the allowance in the other is named by its publishers; {@link StepVerdict#FAILED} at once for a step
     * that failed outright; or null when the step cap came before a verdict.
     */
    private static StepVerdict judge(double rate, Step step, List<SearchStep> steps) throws InterruptedException {
        int sustained = 0;
        int failed = 0;
        StepVerdict failure = null;
        while (sustained < AGREEING && failed < AGREEING) {
            if (steps.size() >= MAX_STEPS) {
                return null;
            }
            SearchStep tried = step.run(rate);
            steps.add(tried);
            if (tried.verdict() == StepVerdict.FAILED) {
                return StepVerdict.FAILED;
            }
            if (tried.verdict().sustained()) {
                sustained++;
            } else {
                failed++;
                failure = failure == null || tried.verdict().ordinal() < failure.ordinal() ? tried.verdict() : failure;
            }
        }
        return sustained == AGREEING ? StepVerdict.SUSTAINED : failure;
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
