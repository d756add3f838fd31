package dev.brokerbench.core.run;

import dev.brokerbench.core.experiment.Slowdown;
import java.time.Duration;

/**
 * How every cell's passes are sized: the warm-up policy, and the measured pass's target length; and, for the
 * regression gate's experiment only, a slowdown of one client path's measured passes.
 *
 * @param warmup   how a cell warms up before its measured pass
 * @param duration the measured pass lasts about this long: its message count is the last warm-up pass's rate times
 *                 it (a workload without warm-up keeps its count); null: sized by the workload's scaled count
 * @param slowdown   test-only: one client path held below its warm-up rate in its measured passes; null: none
 * @param stealRetry when a measured pass the hypervisor disturbed is measured again
 * @param sameAs     the measured pass's messages, fixed: a later repeat of a cell measures as many as its first
 *                   repeat did, so that the repeats are the same experiment (null: sized as above)
 */
public record PassPlan(Warmup warmup, Duration duration, Slowdown slowdown, StealRetry stealRetry, Long sameAs) {
    /** The default warm-up, measured passes sized by count, each measured once. */
    public static final PassPlan DEFAULT = new PassPlan(Warmup.DEFAULT, null, null, StealRetry.NONE);

    public PassPlan(Warmup warmup, Duration duration) {
        this(warmup, duration, null, StealRetry.NONE);
    }

    public PassPlan(Warmup warmup, Duration duration, Slowdown slowdown, StealRetry stealRetry) {
        this(warmup, duration, slowdown, stealRetry, null);
    }

    public PassPlan {
        if (warmup == null || stealRetry == null) {
            throw new IllegalArgumentException("warmup and stealRetry must be set");
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw new IllegalArgumentException("duration must be positive or null, got " + duration);
        }
        if (sameAs != null && sameAs < 1) {
            throw new IllegalArgumentException("sameAs must be at least 1 message or null, got " + sameAs);
        }
    }

    /** This plan for a broker and client path's first cell in a run, with {@link Warmup#firstUse()}. */
    PassPlan firstUse() {
        return new PassPlan(warmup.firstUse(), duration, slowdown, stealRetry, sameAs);
    }

    /** This plan for a later repeat of a cell whose first repeat measured {@code messages}. */
    PassPlan sameAs(long messages) {
        return new PassPlan(warmup, duration, slowdown, stealRetry, messages);
    }

    /**
     * The measured pass's messages: as many as the cell's first repeat ({@link #sameAs}), else {@code counted}, or
     * {@code warmupRate} times the duration, at most {@link MessageBudget#perPhase()}.
     */
    long measuredMessages(long counted, double warmupRate, int clients) {
        if (sameAs != null) {
            return sameAs;
        }
        if (duration == null || !Double.isFinite(warmupRate) || warmupRate <= 0) {
            return counted;
        }
        return Math.min(MessageBudget.perPhase(),
                Math.max(clients, (long) Math.ceil(warmupRate * duration.toMillis() / 1000.0)));
    }

    /** A measured pass sized to the duration may last this share of it at least ... */
    static final double HOLDS_FROM = 0.75;
    /** ... and at most this share, else it is sized again from its own rate and measured again, once. */
    static final double HOLDS_UP_TO = 1.5;

    /**
     * Whether a measured pass sized to the duration (not a later repeat's fixed count) missed it: its reported phase
     * lasted {@code activeSeconds}, outside {@link #HOLDS_FROM}..{@link #HOLDS_UP_TO} of the target (the warm-up's
     * last rate predicted the measured one badly).
     */
    boolean missed(double activeSeconds) {
        if (duration == null || sameAs != null) {
            return false;
        }
        double target = duration.toMillis() / 1000.0;
        return !(activeSeconds >= HOLDS_FROM * target && activeSeconds <= HOLDS_UP_TO * target);
    }

    /** The target in seconds, null when sized by count. */
    Double durationSeconds() {
        return duration == null ? null : duration.toMillis() / 1000.0;
    }
}
