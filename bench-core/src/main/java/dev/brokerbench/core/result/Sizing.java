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
 */
public record Sizing(int warmupPasses, double warmupSeconds, boolean steady, List<Double> warmupRates,
                     Double durationSeconds, long measuredMessages) {
}
