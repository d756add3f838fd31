package dev.brokerbench.core.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a broker's log said since a mark (its length at some instant; a log that shrank, e.g. rotated, is read
 * whole): its own signals of memory pressure during a cell; and its statements of what it recovered at a restart.
 */
final class BrokerLog {
    private BrokerLog() {
    }

    /**
     * @param log     the broker's log now
     * @param mark    its length when the cell started
     * @param signals description to log-line pattern
     * @return e.g. {@code "paged to disk (global-max-size reached): 3 log lines"}, in the signals' order
     */
    static List<String> pressureSince(String log, int mark, Map<String, Pattern> signals) {
        String during = since(log, mark);
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
     * restart that followed. Counting statements, not characters, keeps it right when a log the broker appends to
     * is read together with a console log that a restart starts afresh.
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

    private static String since(String log, int mark) {
        return mark <= log.length() ? log.substring(mark) : log;
    }
}
