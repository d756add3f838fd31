package dev.brokerbench.core.metrics;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The producing streams of one publish phase: stream id = random phase tag in the high bits, client index in the
 * low 16 bits, so messages left over from any other phase or run are recognised as not the phase's own. The tags
 * this process issued are remembered, so that a message of an earlier phase of this run (a warm-up's, delivered
 * again after a broker restart rewound what its consumers had acknowledged) is told apart from a stranger's.
 */
public final class Streams {
    /** Bits of a stream id that hold the client index (below them, the phase tag). */
    public static final int INDEX_BITS = 16;
    /** Every tag a phase of this process used (a few per cell: their number is the run's phases). */
    private static final Set<Long> ISSUED = ConcurrentHashMap.newKeySet();
    private final long tag;
    private final long[] counts;

    /** Splits {@code messages} over {@code clients} streams as evenly as possible, under a random tag. */
    public Streams(int clients, long messages) {
        this(clients, messages, ThreadLocalRandom.current().nextLong(1, 1L << 46));
    }

    /**
     * The same under a given tag (1..2^46-1): the shards of a run derive the same one, so that every shard knows every
     * stream of the phase ({@link dev.brokerbench.core.model.Shard#streamTag}).
     */
    public Streams(int clients, long messages, long tag) {
        if (tag < 1 || tag >= 1L << 46) {
            throw new IllegalArgumentException("tag must be 1..2^46-1, got " + tag);
        }
        if (clients < 1 || clients > (1 << INDEX_BITS)) {
            throw new IllegalArgumentException("clients must be 1.." + (1 << INDEX_BITS) + ", got " + clients);
        }
        this.tag = tag;
        ISSUED.add(tag);
        this.counts = new long[clients];
        for (int i = 0; i < clients; i++) {
            counts[i] = messages / clients + (i < messages % clients ? 1 : 0);
        }
    }

    /** The phase's tag (the high bits of every stream id). */
    public long tag() {
        return tag;
    }

    public int size() {
        return counts.length;
    }

    public long id(int index) {
        return (tag << INDEX_BITS) | index;
    }

    /** Messages stream {@code index} sends. */
    public long count(int index) {
        return counts[index];
    }

    public long total() {
        long t = 0;
        for (long c : counts) {
            t += c;
        }
        return t;
    }

    /** Whether {@code stream} is a stream of a phase this process ran (or runs), this one or another. */
    public static boolean issuedHere(long stream) {
        return stream >= 0 && ISSUED.contains(stream >>> INDEX_BITS);
    }

    /** The index of stream id {@code stream}, or -1 if it does not belong to this phase. */
    public int indexOf(long stream) {
        if (stream < 0 || (stream >>> INDEX_BITS) != tag) {
            return -1;
        }
        int index = (int) (stream & ((1 << INDEX_BITS) - 1));
        return index < counts.length ? index : -1;
    }
}
