package dev.brokerbench.app.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** Parses a comma-separated option value against the allowed names ({@code all} selects every one). */
final class Selection {
    private Selection() {
    }

    static List<String> parse(CommandLine cli, String option, String value, List<String> allowed,
                              List<String> aliases) {
        return parse(cli, option, value, allowed, aliases, java.util.Map.of("all", allowed));
    }

    /** @param groups names that stand for several values, e.g. {@code all} and {@code faults} */
    static List<String> parse(CommandLine cli, String option, String value, List<String> allowed,
                              List<String> aliases, java.util.Map<String, List<String>> groups) {
        Set<String> chosen = new LinkedHashSet<>();
        for (String raw : value.split(",")) {
            String item = raw.trim();
            if (groups.containsKey(item)) {
                chosen.addAll(groups.get(item));
            } else if (allowed.contains(item) || aliases.contains(item)) {
                chosen.add(item);
            } else {
                List<String> shown = new ArrayList<>(allowed);
                shown.addAll(new java.util.TreeSet<>(groups.keySet()));
                throw new ParameterException(cli, option + ": unknown value '" + item + "'; allowed: "
                        + String.join(", ", shown));
            }
        }
        if (chosen.isEmpty()) {
            throw new ParameterException(cli, option + ": no value given; allowed: " + String.join(", ", allowed)
                    + ", all");
        }
        return List.copyOf(chosen);
    }
}
