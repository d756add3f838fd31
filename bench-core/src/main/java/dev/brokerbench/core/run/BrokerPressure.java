package dev.brokerbench.core.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a broker's log said during one cell about running short of memory (its own signals, one per line). */
final class BrokerPressure {
    private BrokerPressure() {
    }

    /**
     * @param log     the broker's log now
     * @param mark    its length when the cell started (a log that shrank, e.g. rotated, is read whole)
     * @param signals description to log-line pattern
     * @return e.g. {@code "paged to disk (global-max-size reached): 3 log lines"}, in the signals' order
     */
    static List<String> since(String log, int mark, Map<String, Pattern> signals) {
        String during = mark <= log.length() ? log.substring(mark) : log;
        List<String> seen = new ArrayList<>();
        signals.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            Matcher m = e.getValue().matcher(during);
            int n = 0;
            while (m.find()) {
                n++;
            }
            if (n > 0) {
                seen.add(e.getKey() + ": " + n + " log line" + (n == 1 ? "" : "s"));
            }
        });
        return List.copyOf(seen);
    }
}
