package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The time a consumer spends on each message before it takes the next, as an application that writes each message
 * to a database would: a slow consumer. With the library's acknowledgement ({@link AckMode#AUTO}) the message was
 * acknowledged when the library handed it over, before this time; with the client's own, after it. The consumer's thread waits (parks) for it, using no CPU,
 * so that the two cores stay the broker's and the clients'. Written and stored as text: {@code "2ms"} (every message),
 * {@code "1ms..3ms"} (uniform), {@code "exp:2ms"} (exponential with that mean); units {@code us}, {@code ms},
 * {@code s}; {@code "0"} for none.
 *
 * @param distribution how the time of each message is drawn
 * @param lowMicros    the fixed time, a uniform range's low end, or an exponential's mean, in microseconds
 * @param highMicros   a uniform range's high end; equal to {@code lowMicros} otherwise
 */
public record Processing(Distribution distribution, long lowMicros, long highMicros) {
    /** The workload key it is written under. */
    public static final String FIELD = "processing";
    /** A minute per message is surely a mistake. */
    public static final long MAX_MICROS = 60_000_000;
    /** Consumers that take the next message at once. */
    public static final Processing NONE = new Processing(Distribution.FIXED, 0, 0);

    /** How the time of each message is drawn. */
    public enum Distribution { FIXED, UNIFORM, EXPONENTIAL }

    public Processing {
        check(distribution != null, FIELD, "must say how the time is drawn", null);
        check(lowMicros >= 0 && highMicros <= MAX_MICROS, FIELD, "must be 0..60s per message",
                lowMicros + ".." + highMicros + " us");
        check(distribution == Distribution.UNIFORM ? lowMicros < highMicros : lowMicros == highMicros, FIELD,
                "must be a range LOW..HIGH with LOW < HIGH", lowMicros + ".." + highMicros + " us");
        check(distribution != Distribution.EXPONENTIAL || lowMicros > 0, FIELD, "must have a mean above 0",
                lowMicros);
    }

    /** Whether the consumers take the next message at once. */
    public boolean none() {
        return highMicros == 0;
    }

    /** The mean time per message, in microseconds. */
    public double meanMicros() {
        return (lowMicros + (double) highMicros) / 2;
    }

    /**
     * The most messages per second {@code consumers} such consumers can take (each spends the mean on each), or
     * {@link Double#POSITIVE_INFINITY} without processing.
     */
    public double ceiling(int consumers) {
        return none() ? Double.POSITIVE_INFINITY : consumers * 1e6 / meanMicros();
    }

    /** The time to spend on the next message, in nanoseconds. */
    public long drawNanos(SplittableRandom random) {
        long micros = switch (distribution) {
            case FIXED -> lowMicros;
            case UNIFORM -> random.nextLong(lowMicros, highMicros + 1);
            case EXPONENTIAL -> Math.min(MAX_MICROS, Math.round(-lowMicros * Math.log(1 - random.nextDouble())));
        };
        return TimeUnit.MICROSECONDS.toNanos(micros);
    }

    /** Waits {@code nanos} from {@code fromNanos} ({@link System#nanoTime()}); false when interrupted. */
    public static boolean spend(long fromNanos, long nanos) {
        long until = fromNanos + nanos;
        long left;
        while ((left = until - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.currentThread().isInterrupted()) {
                return false;
            }
        }
        return true;
    }

    @JsonValue
    public String text() {
        return switch (distribution) {
            case FIXED -> none() ? "0" : duration(lowMicros);
            case UNIFORM -> duration(lowMicros) + ".." + duration(highMicros);
            case EXPONENTIAL -> "exp:" + duration(lowMicros);
        };
    }

    /** The processing {@code text} describes, or an {@link InvalidConfigException} naming the key. */
    @JsonCreator
    public static Processing parse(String text) {
        check(text != null && !text.isBlank(), FIELD, "must be a time per message such as \"2ms\", \"1ms..3ms\" or"
                + " \"exp:2ms\"", text);
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("0")) {
            return NONE;
        }
        if (t.startsWith("exp:")) {
            long mean = micros(t.substring(4));
            return new Processing(Distribution.EXPONENTIAL, mean, mean);
        }
        if (t.contains("..")) {
            String[] ends = t.split("\\.\\.", -1);
            check(ends.length == 2, FIELD, "must be one range LOW..HIGH", text);
            return new Processing(Distribution.UNIFORM, micros(ends[0]), micros(ends[1]));
        }
        long fixed = micros(t);
        return new Processing(Distribution.FIXED, fixed, fixed);
    }

    private static long micros(String text) {
        String t = text.strip();
        int unit = 0;
        while (unit < t.length() && (Character.isDigit(t.charAt(unit)) || t.charAt(unit) == '.')) {
            unit++;
        }
        double scale = switch (t.substring(unit)) {
            case "us" -> 1;
            case "ms" -> 1e3;
            case "s" -> 1e6;
            default -> throw new InvalidConfigException("field '" + FIELD + "' must give a unit (us, ms or s) to each"
                    + " time, e.g. \"2ms\", got " + text);
        };
        try {
            double micros = Double.parseDouble(t.substring(0, unit)) * scale;
            check(micros <= MAX_MICROS && micros == Math.rint(micros), FIELD, "must be whole microseconds up to 60s",
                    text);
            return (long) micros;
        } catch (NumberFormatException e) {
            throw new InvalidConfigException("field '" + FIELD + "' must be a number with a unit, e.g. \"2ms\", got "
                    + text);
        }
    }

    private static String duration(long micros) {
        if (micros % 1_000_000 == 0) {
            return micros / 1_000_000 + "s";
        }
        return micros % 1000 == 0 ? micros / 1000 + "ms" : micros + "us";
    }
}
