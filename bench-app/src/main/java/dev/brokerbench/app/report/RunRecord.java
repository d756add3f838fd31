package dev.brokerbench.app.report;

import dev.brokerbench.core.io.Required;
import dev.brokerbench.core.broker.BrokerInfo;
import java.util.List;

/**
 * What a run directory holds besides the per-cell results ({@code run.json}): the brokers that ran and the cells
 * that did not, with why.
 *
 * @param runId   the run
 * @param scale   message-count factor
 * @param brokers brokers started, with versions and settings
 * @param missing cells not run: unsupported, skipped broker, or failed
 * @param repeats how often each cell ran (0 in records written before repeats existed: read it as 1)
 * @param seed    the seed of the shuffled order of the cells
 * @param calibration what the machine could do, measured at the start of the run (null in older records)
 * @param harness what the suite's own code and the CPU could do at the start of the run (null in older records)
 * @param warmupRounds rounds of every cell run and set aside before the reported repeats (0 in older records)
 */
public record RunRecord(@Required String runId, double scale, @Required List<BrokerInfo> brokers,
                        @Required List<RunSummary.Missing> missing,
                        int repeats, long seed, dev.brokerbench.core.machine.Calibration calibration,
                        dev.brokerbench.core.machine.HarnessReference harness, int warmupRounds) {
    public static final String FILE = "run.json";
}
