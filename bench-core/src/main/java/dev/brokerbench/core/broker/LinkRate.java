package dev.brokerbench.core.broker;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rate of a network link, each way, in bits per second (what {@code tc}'s token bucket is given).
 *
 * @param bitsPerSecond from 64 kbit/s to 100 Gbit/s
 */
public record LinkRate(long bitsPerSecond) {
    private static final Pattern TEXT = Pattern.compile("([1-9][0-9]{0,6})(kbit|mbit|gbit)");
    private static final long MIN = 64_000;
    private static final long MAX = 100_000_000_000L;

    public LinkRate {
        if (bitsPerSecond < MIN || bitsPerSecond > MAX) {
            throw new IllegalArgumentException("bitsPerSecond must be within " + MIN + ".." + MAX + ", got "
                    + bitsPerSecond);
        }
    }

    /** Parses {@code 500kbit}, {@code 100mbit} or {@code 1gbit} (decimal units, as tc reads them). */
    public static LinkRate parse(String text) {
        Matcher m = TEXT.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a link rate; use e.g. 500kbit, 100mbit or 1gbit");
        }
        long unit = switch (m.group(2)) {
            case "kbit" -> 1_000L;
            case "mbit" -> 1_000_000L;
            default -> 1_000_000_000L;
        };
        return new LinkRate(Long.parseLong(m.group(1)) * unit);
    }

    public long bytesPerSecond() {
        return bitsPerSecond / 8;
    }

    @Override
    public String toString() {
        if (bitsPerSecond % 1_000_000_000L == 0) {
            return bitsPerSecond / 1_000_000_000L + "gbit";
        }
        return bitsPerSecond % 1_000_000L == 0 ? bitsPerSecond / 1_000_000L + "mbit" : bitsPerSecond / 1_000L + "kbit";
    }
}
