package dev.brokerbench.core.result;

import dev.brokerbench.core.io.Required;
import java.util.List;

/**
 * A phase's latency split by the size of the message it timed, in a case whose bodies are of several sizes: a class
 * is a power-of-two range of body sizes ({@code 2,048-4,095} bytes), narrowed to the sizes the mix draws in it (a
 * weighted list's one size, e.g. 2,048 B; a range's part of it), so a large message's cost is not hidden in a
 * median of small ones.
 *
 * @param metric  which latency: confirmations of a publish, or end-to-end of consumers beside the publishers
 * @param classes the classes that timed at least one message, smallest bodies first
 */
public record SizeClasses(@Required LatencyMetric metric, @Required List<SizeClass> classes) {
    public SizeClasses {
        classes = List.copyOf(classes);
        if (classes.isEmpty()) {
            throw new IllegalArgumentException("size classes: at least one class timed a message");
        }
    }

    /** Messages timed over every class (the phase's latency count). */
    public long count() {
        return classes.stream().mapToLong(c -> c.latency().count()).sum();
    }

    /**
     * One class.
     *
     * @param minBytes its smallest body the mix draws
     * @param maxBytes its largest
     * @param latency  the latency of its messages
     */
    public record SizeClass(int minBytes, int maxBytes, @Required LatencySummary latency) {
        public SizeClass {
            if (minBytes < 0 || maxBytes < minBytes) {
                throw new IllegalArgumentException("size class: 0 <= minBytes <= maxBytes, got " + minBytes + ".."
                        + maxBytes);
            }
        }

        /** {@code 2,048 B}, or {@code 1,024-2,047 B}. */
        public String label() {
            return minBytes == maxBytes ? String.format(java.util.Locale.ROOT, "%,d B", minBytes)
                    : String.format(java.util.Locale.ROOT, "%,d-%,d B", minBytes, maxBytes);
        }
    }
}
