package dev.brokerbench.app.gate;

import dev.brokerbench.app.report.ReportData;
import dev.brokerbench.core.result.RunResult;
import java.util.LinkedHashMap;
import java.util.Map;

/** The figures a gate compares, read from a results directory. */
public final class Figures {
    private Figures() {
    }

    public static String cell(RunResult r) {
        return r.broker().brokerId() + " / " + r.client().clientPath() + " / " + r.workload().name();
    }

    public static Map<String, RegressionGate.Measured> of(ReportData data) {
        Map<String, RegressionGate.Measured> map = new LinkedHashMap<>();
        for (RunResult r : data.results()) {
            map.put(cell(r), new RegressionGate.Measured(r.reportedPhase().rate().overall(), r.status().equals("ok")));
        }
        return map;
    }

    public static Map<String, Double> rates(ReportData data) {
        Map<String, Double> map = new LinkedHashMap<>();
        of(data).forEach((cell, m) -> map.put(cell, m.msgPerSec()));
        return map;
    }

    /** The scale all results in the directory share. */
    public static double scale(ReportData data) {
        return data.results().stream().mapToDouble(RunResult::scale).distinct().reduce((a, b) -> {
            throw new dev.brokerbench.core.model.InvalidConfigException("results of different scales in one"
                    + " directory: " + a + " and " + b);
        }).orElseThrow(() -> new dev.brokerbench.core.model.InvalidConfigException("no results"));
    }
}
