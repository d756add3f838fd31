package dev.brokerbench.app.report;

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
 */
public record RunRecord(String runId, double scale, List<BrokerInfo> brokers, List<RunSummary.Missing> missing) {
    public static final String FILE = "run.json";
}
