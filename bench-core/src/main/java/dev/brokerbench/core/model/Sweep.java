package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import java.util.List;
import java.util.Locale;

/**
 * A workload run once per value of one of its settings; every value is a cell of its own (a {@link Point}).
 *
 * @param variable the setting swept
 * @param values   the values in order
 */
public record Sweep(Variable variable, List<Long> values) {

    /** What a sweep may vary. */
    public enum Variable {
        /** Message (request) body size in bytes. */
        PAYLOAD_BYTES("payloadBytes", "bytes", ""),
        /** Concurrent clients. */
        CLIENTS("clients", "clients", ""),
        /** Messages (calls) per cell, before --scale. */
        MESSAGES("messages", "calls", ""),
        /**
         * A live workload's offered rate, in percent of the highest rate its broker and client path sustained in
         * the workload's {@link RateSearch}: the points of a latency curve.
         */
        RATE_PERCENT("ratePercent", "% of the highest sustained rate",
                "needs a single live phase (publishers and consumers at once)"),
        /** Subscriptions a topic fans out to (each message is owed once to every one). */
        SUBSCRIBERS("subscribers", "subscribers", "needs a topic"),
        /**
         * The share of the messages a consumer's selector matches, in percent; 100 runs the consumers without a
         * selector (the figure the others are compared with).
         */
        MATCHING_PERCENT("matchingPercent", "% of messages the selector matches",
                "needs the reported phase to be the consume"),
        /** Messages per explicit acknowledgement or transaction (a transacted publisher's commit included). */
        ACK_BATCH("ackBatch", "messages per commit", "");

        /** Every key, for error messages. */
        static final String KEYS = "payloadBytes, clients, messages, ratePercent, subscribers, matchingPercent, ackBatch";

        private final String key;
        private final String unit;
        private final String needs;

        Variable(String key, String unit, String needs) {
            this.key = key;
            this.unit = unit;
            this.needs = needs;
        }

        /** Whether it is a setting of a {@link Shape} (which says if it {@link Shape#sweeps} it), not a shared one. */
        public boolean shaped() {
            return !needs.isEmpty();
        }

        /** What a shaped variable needs of its case, for the error when the case lacks it. */
        public String needs() {
            return needs;
        }

        /** The name used in YAML and on the command line, e.g. {@code payloadBytes}. */
        public String key() {
            return key;
        }

        public String unit() {
            return unit;
        }

        public static Variable parse(String key, String field) {
            for (Variable v : values()) {
                if (v.key.equals(key)) {
                    return v;
                }
            }
            throw new InvalidConfigException("field '" + field + "' must be one of " + KEYS + ", got "
                    + key);
        }
    }

    /**
     * Where a cell sits in its sweep.
     *
     * @param series   the sweep's workload name, e.g. {@code r1}
     * @param variable the setting swept
     * @param value    this cell's value
     */
    public record Point(String series, Variable variable, long value) {
    }

    public Sweep {
        check(variable != null, "sweep.variable", "must be one of " + Variable.KEYS, null);
        check(values != null && !values.isEmpty(), "sweep.values", "must list at least one value", values);
        values = List.copyOf(values);
        check(values.stream().distinct().count() == values.size(), "sweep.values", "must not repeat a value", values);
    }

    /**
     * Parses {@code 1,32..4096/32}: single values and ranges {@code from..to/step} (step defaults to 1), in order.
     */
    public static List<Long> parseValues(String text, String field) {
        List<Long> values = new java.util.ArrayList<>();
        for (String raw : text.split(",")) {
            String item = raw.trim().toLowerCase(Locale.ROOT);
            try {
                if (item.contains("..")) {
                    String[] range = item.split("\\.\\.", 2);
                    String[] toStep = range[1].split("/", 2);
                    long from = Long.parseLong(range[0].trim());
                    long to = Long.parseLong(toStep[0].trim());
                    long step = toStep.length > 1 ? Long.parseLong(toStep[1].trim()) : 1;
                    long span;
                    try {
                        span = Math.subtractExact(to, from);
                    } catch (ArithmeticException e) {
                        span = -1; // wider than a long: refused below
                    }
                    check(step > 0 && span >= 0 && span / step < 100_000, field,
                            "range must be from..to/step with from <= to, step > 0, at most 100000 values", item);
                    for (long i = 0; i <= span / step; i++) { // counted, so that no value wraps past Long.MAX_VALUE
                        values.add(from + i * step);
                    }
                } else {
                    values.add(Long.parseLong(item));
                }
            } catch (NumberFormatException e) {
                throw new InvalidConfigException("field '" + field + "' must be numbers and ranges like 1,32..4096/32,"
                        + " got " + text);
            }
        }
        return values;
    }
}
