package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Message bodies of more than one size: a weighted list of sizes ({@code "2048:3,65536:1"}: three of 2 KB for one
 * of 64 KB) or a uniform range ({@code "2048..65536"}). Each message's size follows from its stream and sequence
 * number alone ({@link #sizeOf}), so every run of a case sends the same sizes in the same order, and a consumer knows
 * the size it should read. Written and stored as that text.
 */
public sealed interface SizeMix permits SizeMix.Weighted, SizeMix.Uniform {
    /** The workload key it is written under. */
    String FIELD = "sizes";

    /** The body size of message {@code sequence} of {@code stream}, in bytes. */
    int sizeOf(long stream, long sequence);

    /** The mean body size the mix draws, in bytes. */
    double meanBytes();

    /** The largest body it draws. */
    int maxBytes();

    /** Its text, as written: {@code "2048:3,65536:1"} or {@code "2048..65536"}. */
    @JsonValue
    String text();

    /** The mean rounded to a byte: what a case with this mix records as its {@code payloadBytes}. */
    default int nominalBytes() {
        return (int) Math.round(meanBytes());
    }

    /**
     * The mix {@code text} describes, or an {@link InvalidConfigException} naming the key: {@code A..B} a
     * uniform range, else sizes separated by commas, each with an optional {@code :weight} (default 1).
     */
    static SizeMix parse(String text) {
        check(text != null && !text.isBlank(), FIELD, "must be sizes with weights (\"2048:3,65536:1\") or a range"
                + " (\"2048..65536\")", text);
        String t = text.strip();
        try {
            if (t.contains("..")) {
                String[] ends = t.split("\\.\\.", -1);
                check(ends.length == 2, FIELD, "must be one range MIN..MAX", t);
                return new Uniform(Integer.parseInt(ends[0].strip()), Integer.parseInt(ends[1].strip()));
            }
            List<Share> shares = new ArrayList<>();
            for (String part : t.split(",", -1)) {
                String[] p = part.strip().split(":", -1);
                check(p.length <= 2, FIELD, "must list SIZE or SIZE:WEIGHT, separated by commas", part);
                shares.add(new Share(Integer.parseInt(p[0].strip()), p.length == 2
                        ? Integer.parseInt(p[1].strip()) : 1));
            }
            return new Weighted(shares);
        } catch (NumberFormatException e) {
            throw new InvalidConfigException("field '" + FIELD + "' must be whole numbers of bytes, e.g."
                    + " \"2048:3,65536:1\" or \"2048..65536\", got " + t);
        }
    }

    /** Reads a stored mix. */
    @JsonCreator
    static SizeMix of(String text) {
        return parse(text);
    }

    /** A size drawn from {@code stream} and {@code sequence}: SplitMix64's finalizer, uniform over the longs. */
    private static long draw(long stream, long sequence) {
        long z = stream * 0x9E3779B97F4A7C15L + sequence + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** One size of a weighted list, drawn {@code weight} times in the list's total weight. */
    record Share(int bytes, int weight) {
        public Share {
            check(bytes >= 0 && bytes <= Workload.MAX_PAYLOAD_BYTES, FIELD, "sizes must be 0.."
                    + Workload.MAX_PAYLOAD_BYTES + " bytes", bytes);
            check(weight >= 1 && weight <= 1_000_000, FIELD, "weights must be 1..1000000", weight);
        }
    }

    /** Sizes drawn in proportion to their weights. */
    record Weighted(List<Share> shares) implements SizeMix {
        public Weighted {
            check(shares != null && shares.size() >= 2, FIELD, "must list at least two sizes (one size is"
                    + " payloadBytes)", shares == null ? null : shares.size());
            check(shares.stream().map(Share::bytes).distinct().count() == shares.size(), FIELD,
                    "must list each size once", shares);
            shares = List.copyOf(shares);
        }

        @Override
        public int sizeOf(long stream, long sequence) { // on every send and receipt: loops, no stream
            long pick = Long.remainderUnsigned(draw(stream, sequence), totalWeight());
            for (Share s : shares) {
                pick -= s.weight();
                if (pick < 0) {
                    return s.bytes();
                }
            }
            throw new IllegalStateException("unreachable: the draw is below the total weight");
        }

        private long totalWeight() {
            long total = 0;
            for (Share s : shares) {
                total += s.weight();
            }
            return total;
        }

        @Override
        public double meanBytes() {
            return shares.stream().mapToDouble(s -> (double) s.bytes() * s.weight()).sum() / totalWeight();
        }

        @Override
        public int maxBytes() {
            return shares.stream().mapToInt(Share::bytes).max().orElseThrow();
        }

        @Override
        public String text() {
            return String.join(",", shares.stream().map(s -> s.bytes() + ":" + s.weight()).toList());
        }
    }

    /** Every size from {@code min} to {@code max} bytes equally likely. */
    record Uniform(int min, int max) implements SizeMix {
        public Uniform {
            check(min >= 0 && min < max && max <= Workload.MAX_PAYLOAD_BYTES, FIELD, String.format(Locale.ROOT,
                    "must be a range MIN..MAX with 0 <= MIN < MAX <= %d", Workload.MAX_PAYLOAD_BYTES), min + ".." + max);
        }

        @Override
        public int sizeOf(long stream, long sequence) {
            return min + (int) Long.remainderUnsigned(draw(stream, sequence), (long) max - min + 1);
        }

        @Override
        public double meanBytes() {
            return (min + (double) max) / 2;
        }

        @Override
        public int maxBytes() {
            return max;
        }

        @Override
        public String text() {
            return min + ".." + max;
        }
    }
}
