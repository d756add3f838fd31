package dev.brokerbench.app.report;

import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.result.RunResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Everything one {@code bench run} produced or could not produce, in the order it happened. Thread-safe. */
public final class RunSummary {
    /** A cell that did not run, and why. */
    public record Missing(String broker, String clientPath, String workload, String kind, String reason) {
    }

    private final List<RunResult> results = Collections.synchronizedList(new ArrayList<>());
    private final List<BrokerInfo> brokers = Collections.synchronizedList(new ArrayList<>());
    private final List<Missing> missing = Collections.synchronizedList(new ArrayList<>());

    public void add(RunResult result) {
        results.add(result);
    }

    public void add(BrokerInfo broker) {
        brokers.add(broker);
    }

    public void add(Missing cell) {
        missing.add(cell);
    }

    public List<RunResult> results() {
        synchronized (results) {
            return List.copyOf(results);
        }
    }

    public List<BrokerInfo> brokers() {
        synchronized (brokers) {
            return List.copyOf(brokers);
        }
    }

    public List<Missing> missing() {
        synchronized (missing) {
            return List.copyOf(missing);
        }
    }

    /** The report's sections for what ran so far, as the console and summary.md show them. */
    public List<Section> sections(dev.brokerbench.core.machine.Calibration calibration) {
        return ReportSections.of(results(), missing(), brokers(), calibration);
    }

    /** True when every cell that ran delivered every message exactly once and no broker failed. */
    public boolean clean() {
        return results().stream().allMatch(r -> r.status().ok())
                && missing().stream().noneMatch(m -> m.kind().equals("failed"));
    }
}
