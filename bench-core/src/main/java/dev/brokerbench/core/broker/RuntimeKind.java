package dev.brokerbench.core.broker;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a broker runs: recorded with every result and chosen with {@code --runtime}. */
public enum RuntimeKind {
    /** A process on this machine, started by the suite. */
    LOCAL,
    /** A container managed by Testcontainers. */
    CONTAINER,
    /** A broker the user runs elsewhere, given by its endpoints; never started, killed or cleaned by the suite. */
    EXTERNAL;

    /** As on the command line and in results: {@code local}, {@code container}, {@code external}. */
    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind named {@code id}, or an error listing the allowed ones. */
    @JsonCreator
    public static RuntimeKind of(String id) {
        return Arrays.stream(values()).filter(k -> k.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("runtime '" + id + "'; allowed: " + allowed()));
    }

    /** The ids, comma-separated. */
    public static String allowed() {
        return Arrays.stream(values()).map(RuntimeKind::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id();
    }
}
