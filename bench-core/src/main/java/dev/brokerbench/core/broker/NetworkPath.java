package dev.brokerbench.core.broker;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The network between the load generator and a broker the suite starts.
 *
 * @param placement where the broker's network stack is
 * @param addedRtt  round-trip time added to every connection, half each way ({@link Duration#ZERO}: none); only
 *                  with {@link Placement#NAMESPACE}
 * @param rate      the link's rate each way (empty: as fast as the machine copies); only with
 *                  {@link Placement#NAMESPACE}
 */
public record NetworkPath(Placement placement, Duration addedRtt, Optional<LinkRate> rate) {
    /** At most this much round-trip time may be added. */
    public static final Duration MAX_ADDED_RTT = Duration.ofSeconds(1);
    /** The broker on the suite's own network stack, reached over loopback: what every run did before. */
    public static final NetworkPath LOOPBACK = new NetworkPath(Placement.LOOPBACK, Duration.ZERO, Optional.empty());

    /** Where a broker's network stack is, relative to the load generator's. */
    public enum Placement {
        /** The suite's own stack: the broker listens on 127.0.0.1. */
        LOOPBACK,
        /**
         * A host of its own: a Linux network namespace joined to the suite's by a veth pair, the broker reached at
         * the namespace's address, every byte crossing the pair.
         */
        NAMESPACE
    }

    public NetworkPath {
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(addedRtt, "addedRtt (Duration.ZERO for none)");
        Objects.requireNonNull(rate, "rate (Optional.empty() for none)");
        if (addedRtt.isNegative() || addedRtt.compareTo(MAX_ADDED_RTT) > 0) {
            throw new IllegalArgumentException("addedRtt must be within 0.." + MAX_ADDED_RTT.toMillis() + " ms, got "
                    + addedRtt);
        }
        if (placement == Placement.LOOPBACK && (!addedRtt.isZero() || rate.isPresent())) {
            throw new IllegalArgumentException("addedRtt and rate need placement NAMESPACE (loopback has no link"
                    + " to shape)");
        }
    }

    /** How this path reads in a broker's settings, e.g. {@code namespace, +1 ms RTT, 100mbit}. */
    public String describe() {
        StringBuilder sb = new StringBuilder(placement.name().toLowerCase(java.util.Locale.ROOT));
        if (!addedRtt.isZero()) {
            sb.append(", +").append(addedRtt.toNanos() / 1e6).append(" ms RTT");
        }
        rate.ifPresent(r -> sb.append(", ").append(r));
        return sb.toString();
    }
}
