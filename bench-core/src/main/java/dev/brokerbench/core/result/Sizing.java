package dev.brokerbench.core.result;

import java.util.List;

/**
 * How long a cell warmed up and how its measured pass was sized.
 *
 * @param warmupPasses       warm-up passes run (0: the workload has none)
 * @param warmupSeconds      wall time of all warm-up passes, set-up phases included
 * @param steady             whether the last warm-up pass was long enough and its rate steady
 * @param warmupRates        overall rate of the reported phase of each warm-up pass
 * @param durationSeconds    the measured phase's target length ({@code --duration}); null when sized by count
 * @param measuredMessages   messages per phase of the measured pass
 * @param attempts           every measured pass run, in order, when one was measured again: the hypervisor stole
 *                           CPU during it ({@code --max-steal}), or it missed {@code --duration} and was sized again
 *                           from its own rate; the kept one is marked; empty when measured once
 */
public record Sizing(int warmupPasses, double warmupSeconds, boolean steady, List<Double> warmupRates,
                     Double durationSeconds, long measuredMessages, List<Attempt> attempts) {
    public Sizing {
        attempts = attempts == null ? List.of() : List.copyOf(attempts); // results from before attempts were kept
    }

    /**
     * One measured pass of the cell.
     *
     * @param rate       overall rate of its reported phase, msg/s
     * @param stealShare share of the machine's CPU stolen during that phase; null where unknown
     * @param kept       whether this is the pass the result reports
     * @param seconds    how long its reported phase lasted (null in results from before it was kept)
     * @param messages   messages per phase it was sized to (0 in results from before it was kept)
     */
    public record Attempt(double rate, Double stealShare, boolean kept, Double seconds, long messages) {
        public Attempt(double rate, Double stealShare, boolean kept) {
            this(rate, stealShare, kept, null, 0);
        }
    }
}
