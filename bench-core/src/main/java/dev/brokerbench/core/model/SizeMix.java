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
    /** The most sizes a weighted list (or a file of lengths) may have. */
    int MAX_SIZES = 1024;

    /** The body size of message {@code sequence} of {@code stream}, in bytes. */
    int sizeOf(long stream, long sequence);

    /** The mean body size the mix draws, in bytes. */
    double meanBytes();

    /** The largest body it draws. */
    int maxBytes();

    /** Its text, as written: {@code "2048:3,65536:1"} or {@code "2048..65536"}. */
    @JsonValue
    String text();

    /**
     * Its sizes for a title: {@code "2 KB x6, 8 KB x3, 64 KB x1"} (up to four sizes), {@code "12 sizes, mean 3.2 KB"}
     * (more), {@code "2-64 KB"} (a range).
     */
    String label();

    /** {@code "64 KB"}, {@code "3.2 KB"}, {@code "100 B"}. */
    private static String sizeText(int n) {
        if (n < 1024) {
            return n + " B";
        }
        return n % 1024 == 0 ? n / 1024 + " KB" : String.format(Locale.ROOT, "%.1f KB", n / 1024.0);
    }

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
        check(!t.startsWith("@"), FIELD, "a file of lengths (@FILE) is read from the command line (--sizes @FILE)"
                + " or by a workload file under --workloads (its path relative to the file)", t);
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

    /**
     * The mix of the lengths {@code lines} hold (read from {@code source}, which errors name with the line): one
     * length in bytes per line, each line a message observed (a length on n lines weighs n), or {@code SIZE WEIGHT}
     * (a histogram); blank lines and {@code #} comments are skipped. Stored as the weighted list it makes, so a result
     * says which sizes it drew without the file.
     */
    static SizeMix fromLengths(String source, List<String> lines) {
        java.util.Map<Integer, Long> weights = new java.util.TreeMap<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] p = line.split("[\\s,]+");
            try {
                if (p.length > 2) {
                    throw new NumberFormatException();
                }
                int size = Integer.parseInt(p[0]);
                long weight = p.length == 2 ? Long.parseLong(p[1]) : 1;
                if (size < 0 || size > Workload.MAX_PAYLOAD_BYTES || weight < 1) {
                    throw new NumberFormatException();
                }
                weights.merge(size, weight, Long::sum);
            } catch (NumberFormatException e) {
                throw new InvalidConfigException(source + ": line " + (n + 1) + ": must be a length in bytes (0.."
                        + Workload.MAX_PAYLOAD_BYTES + "), optionally followed by a weight >= 1, got '" + line + "'");
            }
        }
        if (weights.size() < 2) {
            throw new InvalidConfigException(source + ": must hold at least two different lengths, got "
                    + weights.size() + (weights.size() == 1 ? " (one size is payloadBytes)" : ""));
        }
        if (weights.size() > MAX_SIZES) {
            throw new InvalidConfigException(source + ": holds " + weights.size() + " different lengths, at most "
                    + MAX_SIZES + ": put them in classes (a length per class with its count)");
        }
        long total = weights.values().stream().mapToLong(Long::longValue).sum();
        // weights of a share are ints: a histogram with larger counts is scaled down, keeping each length at >= 1
        double scale = total > 1_000_000_000L ? 1_000_000_000.0 / total : 1;
        List<Share> shares = new ArrayList<>();
        weights.forEach((size, weight) -> shares.add(new Share(size, (int) Math.max(1, Math.round(weight * scale)))));
        return new Weighted(shares);
    }

    /**
     * The mix {@code text} describes, where {@code @FILE} is a file of lengths ({@link #fromLengths}) at {@code FILE}
     * resolved against {@code base} (the working directory for the command line, the workload file's folder).
     */
    static SizeMix read(String text, java.nio.file.Path base) {
        if (text == null || !text.strip().startsWith("@")) {
            return parse(text);
        }
        java.nio.file.Path file = base.resolve(text.strip().substring(1));
        try {
            return fromLengths(file.toString(), java.nio.file.Files.readAllLines(file));
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            throw new InvalidConfigException("field '" + FIELD + "': " + file + " cannot be read as lines of text ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
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
            check(weight >= 1 && weight <= 1_000_000_000, FIELD, "weights must be 1..1000000000", weight);
        }
    }

    /**
     * Sizes drawn in proportion to their weights: a binary search of the cumulative weights per draw, so a mix read
     * from a file of lengths ({@link #fromLengths}) costs little more per message than a mix of two.
     */
    final class Weighted implements SizeMix {
        private final List<Share> shares;
        private final int[] bytes;
        /** The running total of the weights, share by share: share i is drawn for picks below upTo[i]. */
        private final long[] upTo;

        public Weighted(List<Share> shares) {
            check(shares != null && shares.size() >= 2, FIELD, "must list at least two sizes (one size is"
                    + " payloadBytes)", shares == null ? null : shares.size());
            check(shares.size() <= MAX_SIZES, FIELD, "must list at most " + MAX_SIZES + " sizes (put the lengths"
                    + " in classes)", shares.size());
            check(shares.stream().map(Share::bytes).distinct().count() == shares.size(), FIELD,
                    "must list each size once", shares.size() > 8 ? shares.size() + " sizes" : shares);
            this.shares = List.copyOf(shares);
            this.bytes = new int[shares.size()];
            this.upTo = new long[shares.size()];
            long total = 0;
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = shares.get(i).bytes();
                total += shares.get(i).weight();
                upTo[i] = total;
            }
        }

        public List<Share> shares() {
            return shares;
        }

        @Override
        public int sizeOf(long stream, long sequence) { // on every send and receipt
            long pick = Long.remainderUnsigned(draw(stream, sequence), upTo[upTo.length - 1]);
            int i = java.util.Arrays.binarySearch(upTo, pick + 1);
            return bytes[i >= 0 ? i : -i - 1];
        }

        @Override
        public double meanBytes() {
            return shares.stream().mapToDouble(s -> (double) s.bytes() * s.weight()).sum() / upTo[upTo.length - 1];
        }

        @Override
        public int maxBytes() {
            return shares.stream().mapToInt(Share::bytes).max().orElseThrow();
        }

        @Override
        public String text() {
            return String.join(",", shares.stream().map(s -> s.bytes() + ":" + s.weight()).toList());
        }

        @Override
        public String label() {
            return shares.size() > 4 ? shares.size() + " sizes, mean " + sizeText(nominalBytes())
                    : String.join(", ", shares.stream().map(s -> sizeText(s.bytes()) + " x" + s.weight()).toList());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Weighted w && w.shares.equals(shares);
        }

        @Override
        public int hashCode() {
            return shares.hashCode();
        }

        @Override
        public String toString() {
            return text();
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

        @Override
        public String label() {
            return min % 1024 == 0 && max % 1024 == 0 ? min / 1024 + "-" + sizeText(max) : min + "-" + max + " B";
        }
    }
}
