package dev.brokerbench.core.broker;

import java.util.List;

/**
 * How a JVM broker's heap is set: the same for every JVM broker of a run, recorded with its settings.
 */
public enum HeapPolicy {
    /**
     * Initial = maximum heap, every page touched at start ({@code -XX:+AlwaysPreTouch}): the broker does not grow its
     * heap, and first touches of its pages (page faults by the kernel), during a measured phase; the start takes
     * longer and the heap's memory is taken at once.
     */
    FIXED("fixed"),
    /** A small initial heap that grows to the maximum as the broker needs it (the distributions' own way). */
    GROWING("growing");

    /** The initial heap of {@link #GROWING}. */
    public static final String GROWING_INITIAL = "512m";

    private final String id;

    HeapPolicy(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The policy named {@code id} ({@code fixed}, {@code growing}). */
    public static java.util.Optional<HeapPolicy> named(String id) {
        return java.util.Arrays.stream(values()).filter(p -> p.id.equals(id)).findFirst();
    }

    /** The JVM flags for a heap of {@code heap} (e.g. {@code 2g}). */
    public List<String> flags(String heap) {
        return this == FIXED ? List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+AlwaysPreTouch")
                : List.of("-Xms" + GROWING_INITIAL, "-Xmx" + heap);
    }

    /** The flags as one line, for an environment variable or a settings record. */
    public String line(String heap) {
        return String.join(" ", flags(heap));
    }
}
