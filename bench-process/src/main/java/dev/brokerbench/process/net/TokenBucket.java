package dev.brokerbench.process.net;

import java.util.List;

/** The {@code tc} token bucket that limits one end of a link to a rate. */
final class TokenBucket {
    /** The bucket holds 4 ms at the rate (at least two full frames): bursts stay short against the rate. */
    private static final long BURST_MILLIS = 4;
    private static final long MIN_BURST_BYTES = 3_200;

    private TokenBucket() {
    }

    static long burstBytes(long bitsPerSecond) {
        return Math.max(MIN_BURST_BYTES, bitsPerSecond / 8 * BURST_MILLIS / 1000);
    }

    static List<String> command(String link, long bitsPerSecond) {
        return List.of("tc", "qdisc", "add", "dev", link, "root", "tbf", "rate", bitsPerSecond + "bit",
                "burst", String.valueOf(burstBytes(bitsPerSecond)), "latency", "100ms");
    }
}
