package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import java.util.List;
import java.util.Locale;

/**
 * The offered rate of a live case over time: steps at one rate and ramps from one rate to another, each for a stated
 * time, in messages per second of all publishers together. Each message is sent at the time the schedule gives it and
 * timed from that time, as a fixed-rate case's are (no coordinated omission); a burst is a short step. The case's
 * messages are the schedule's: each step's mean rate times its length.
 *
 * @param steps in order
 */
public record RateSchedule(List<Step> steps) {
    /** The workload key it is written under. */
    public static final String FIELD = "schedule";
    public static final int MAX_STEPS = 20;
    public static final double MAX_RATE = 10_000_000;

    /**
     * One step: {@code fromRate} to {@code toRate} (equal for a step at one rate, different for a ramp) over
     * {@code seconds}.
     */
    public record Step(double fromRate, double toRate, double seconds) {
        public Step {
            check(fromRate > 0 && toRate > 0 && fromRate <= MAX_RATE && toRate <= MAX_RATE, FIELD + "[].rate",
                    "must be above 0 and at most 10000000 messages per second (all publishers together)",
                    fromRate == toRate ? fromRate : fromRate + ".." + toRate);
            check(seconds > 0 && seconds <= 86_400 && Double.isFinite(seconds), FIELD + "[].seconds",
                    "must be above 0 and at most a day", seconds);
        }

        /** Whether the rate changes over the step. */
        public boolean ramp() {
            return fromRate != toRate;
        }

        /** Its messages: the mean rate times the length. */
        public double messages() {
            return (fromRate + toRate) / 2 * seconds;
        }

        /** The rate {@code t} seconds into the step. */
        double rateAt(double t) {
            return fromRate + (toRate - fromRate) * Math.min(1, Math.max(0, t / seconds));
        }

        /** For tables: {@code 5,000 msg/s 60 s} or {@code 1,000 -> 5,000 msg/s 30 s}. */
        public String label() {
            String rate = ramp() ? String.format(Locale.ROOT, "%,.0f -> %,.0f", fromRate, toRate)
                    : String.format(Locale.ROOT, "%,.0f", fromRate);
            return rate + " msg/s " + RateSchedule.duration(seconds);
        }
    }

    public RateSchedule {
        check(steps != null && !steps.isEmpty(), FIELD, "must list at least one step", steps);
        check(steps.size() <= MAX_STEPS, FIELD, "must list at most " + MAX_STEPS + " steps", steps.size());
        steps = List.copyOf(steps);
    }

    /** Its length in seconds. */
    public double seconds() {
        return steps.stream().mapToDouble(Step::seconds).sum();
    }

    /** The messages it offers: each step's mean rate times its length, rounded. */
    public long messages() {
        return Math.round(steps.stream().mapToDouble(Step::messages).sum());
    }

    /** The step {@code t} seconds from the start: the last one from its end on. */
    public int stepAt(double t) {
        double end = 0;
        for (int i = 0; i < steps.size(); i++) {
            end += steps.get(i).seconds();
            if (t < end) {
                return i;
            }
        }
        return steps.size() - 1;
    }

    /** When step {@code index} starts, in seconds from the schedule's start. */
    public double startOf(int index) {
        return steps.subList(0, index).stream().mapToDouble(Step::seconds).sum();
    }

    /**
     * The offered rate {@code t} seconds from the start: the last step's final rate from the end on. Asked for every
     * paced send: one pass over the steps.
     */
    public double rateAt(double t) {
        double start = 0;
        for (int i = 0; i < steps.size() - 1; i++) {
            Step step = steps.get(i);
            if (t < start + step.seconds()) {
                return step.rateAt(t - start);
            }
            start += step.seconds();
        }
        return steps.get(steps.size() - 1).rateAt(t - start);
    }

    /** The same schedule with every step {@code scale} times as long (its messages follow). */
    public RateSchedule scaled(double scale) {
        return new RateSchedule(steps.stream().map(s -> new Step(s.fromRate(), s.toRate(), s.seconds() * scale))
                .toList());
    }

    /** For lists: each step's label, joined by commas. */
    public String label() {
        return String.join(", ", steps.stream().map(Step::label).toList());
    }

    static String duration(double s) {
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f s", s) : String.format(Locale.ROOT, "%.2f s", s);
    }
}
