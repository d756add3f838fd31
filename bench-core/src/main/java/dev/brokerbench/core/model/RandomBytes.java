package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import java.util.Locale;

/**
 * How much of each message body is random: the first {@code ratio} of its bytes are random, the rest zero, so a
 * body compresses to about that share of its size (a path or broker that compresses then has something to gain).
 * {@link #ALL}, the default, is a body of random bytes, as every case had before.
 *
 * @param ratio the random share of each body, 0..1
 */
public record RandomBytes(double ratio) {
    /** The workload key it is written under (OpenMessaging Benchmark's name for the same). */
    public static final String FIELD = "randomBytesRatio";
    /** Every byte random: incompressible. */
    public static final RandomBytes ALL = new RandomBytes(1.0);

    public RandomBytes {
        check(ratio >= 0 && ratio <= 1, FIELD, "must be 0..1 (the random share of each body; 1 = all random)",
                ratio);
    }

    /** The share {@code ratio}, or {@link #ALL} for null (the key left out). */
    public static RandomBytes of(Double ratio) {
        return ratio == null || ratio == 1.0 ? ALL : new RandomBytes(ratio);
    }

    /** The share {@code text} gives, e.g. {@code "0.3"}, or an {@link InvalidConfigException} naming the key. */
    public static RandomBytes parse(String text) {
        try {
            return new RandomBytes(Double.parseDouble(text.strip()));
        } catch (NumberFormatException e) {
            throw new InvalidConfigException("field '" + FIELD + "' must be a number 0..1, got " + text);
        }
    }

    /** The random bytes at the start of a body of {@code bytes} (the rest are zero). */
    public int randomOf(int bytes) {
        return (int) Math.round(ratio * bytes);
    }

    public boolean all() {
        return ratio == 1.0;
    }

    /** {@code "30 % random"}. */
    public String label() {
        return String.format(Locale.ROOT, "%s %% random", java.math.BigDecimal.valueOf(ratio * 100)
                .stripTrailingZeros().toPlainString());
    }
}
