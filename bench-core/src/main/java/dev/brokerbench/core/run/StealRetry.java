package dev.brokerbench.core.run;

import dev.brokerbench.core.result.PhaseResult;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * When a measured pass is measured again: on a virtual machine the hypervisor may run other guests on our cores
 * ("steal", {@code /proc/stat}), in bursts of seconds, and a sync-publish rate falls steeply with it
 * (measured: Artemis c1 3,413 msg/s at 5 % steal, 1,237 at 34 %). A measured pass whose reported phase lost more
 * than {@code limit} of the machine's CPU to steal is run again, at most {@code retries} times, and the pass with the
 * least steal is kept (chosen by steal, never by rate); every attempt is recorded with the result.
 *
 * @param limit   largest share of the machine's CPU stolen during the reported phase that counts as undisturbed
 *                (0..1; 1 never retries)
 * @param retries most extra measured passes per cell (0..5)
 */
public record StealRetry(double limit, int retries) {
    public static final int MAX_RETRIES = 5;
    /** Never measure again. */
    public static final StealRetry NONE = new StealRetry(1.0, 0);

    public StealRetry {
        if (!(limit >= 0 && limit <= 1)) {
            throw new IllegalArgumentException("limit must be 0..1, got " + limit);
        }
        if (retries < 0 || retries > MAX_RETRIES) {
            throw new IllegalArgumentException("retries must be 0.." + MAX_RETRIES + ", got " + retries);
        }
    }

    /** Whether a pass whose reported phase is {@code reported} is to be measured again after {@code attempts}. */
    boolean again(PhaseResult reported, int attempts) {
        return attempts <= retries && steal(reported).filter(share -> share > limit).isPresent();
    }

    /** Of the attempts' reported phases, the index of the least disturbed (the first where steal is unknown). */
    static int leastDisturbed(List<PhaseResult> reported) {
        Comparator<Integer> bySteal = Comparator.comparingDouble(i -> steal(reported.get(i)).orElse(0.0));
        return java.util.stream.IntStream.range(0, reported.size()).boxed().min(bySteal).orElseThrow();
    }

    static Optional<Double> steal(PhaseResult reported) {
        return reported.resources() == null ? Optional.empty()
                : Optional.ofNullable(reported.resources().stealShare());
    }
}
