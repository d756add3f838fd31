package dev.brokerbench.brokers.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a running broker says of itself, as opposed to what the suite wrote in its configuration: the filesystem its
 * data lives on (fsync on tmpfs does nothing) and the facts its launch names, read from its logs once it is ready.
 */
public final class RunningFacts {
    private RunningFacts() {
    }

    static Map<String, String> read(LocalLaunch launch, Path dataDir) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("data filesystem", DataFilesystem.describe(dataDir));
        facts.putAll(fromLog(text(launch.brokerLog()) + "\n" + text(launch.consoleLog()), launch.runningFacts()));
        return facts;
    }

    /** Each fact's value as the log states it: {@code "<name> (as running)"}, or that the log does not say. */
    public static Map<String, String> fromLog(String log, Map<String, Pattern> runningFacts) {
        Map<String, String> facts = new java.util.TreeMap<>();
        runningFacts.forEach((name, pattern) -> {
            Matcher m = pattern.matcher(log);
            facts.put(name + " (as running)", m.find() ? m.group(1).strip() : "not found in the broker's log");
        });
        return facts;
    }

    static String text(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
        } catch (IOException | java.io.UncheckedIOException e) {
            return "";
        }
    }

    /** A pattern for {@link LocalLaunch#withRunningFacts}. */
    public static Pattern fact(String regex) {
        return Pattern.compile(regex);
    }
}
