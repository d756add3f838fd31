package dev.brokerbench.core.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a broker's log said between two instants: its own signals of memory pressure during a cell, its statement of
 * what it recovered at a restart. Both count the log's statements rather than its characters, which stays right
 * when a log the broker appends to is read together with a console log that a restart starts afresh.
 */
final class BrokerLog {
    private BrokerLog() {
    }

    /** How many lines of each signal the log holds now (take it when a cell starts). */
    static Map<String, Integer> counts(String log, Map<String, Pattern> signals) {
        Map<String, Integer> counts = new TreeMap<>();
        signals.forEach((name, pattern) -> counts.put(name, count(log, Optional.of(pattern))));
        return counts;
    }

    /**
     * @param log     the broker's log now
     * @param before  {@link #counts} when the cell started; a signal with fewer lines now (a rotated log) counts whole
     * @param signals description to log-line pattern
     * @return e.g. {@code "paged to disk (global-max-size reached): 3 log lines"}, in the signals' order
     */
    static List<String> pressureSince(String log, Map<String, Integer> before, Map<String, Pattern> signals) {
        return counts(log, signals).entrySet().stream().map(e -> {
            int earlier = before.getOrDefault(e.getKey(), 0);
            return Map.entry(e.getKey(), e.getValue() >= earlier ? e.getValue() - earlier : e.getValue());
        }).filter(e -> e.getValue() > 0)
                .map(e -> e.getKey() + ": " + e.getValue() + " log line" + (e.getValue() == 1 ? "" : "s")).toList();
    }

    /** How many times the log states it (0 without a pattern). */
    static int count(String log, Optional<Pattern> statement) {
        if (statement.isEmpty()) {
            return 0;
        }
        Matcher m = statement.get().matcher(log);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /**
     * The first statement after the {@code earlier} ones the log already held, e.g. what a broker said at the
     * restart that followed.
     *
     * @return the matched text, stripped; empty when there is none yet or no pattern
     */
    static Optional<String> statementAfter(String log, int earlier, Optional<Pattern> statement) {
        if (statement.isEmpty()) {
            return Optional.empty();
        }
        Matcher m = statement.get().matcher(log);
        for (int n = 0; m.find(); n++) {
            if (n == earlier) {
                return Optional.of(m.group().strip());
            }
        }
        return Optional.empty();
    }
}
