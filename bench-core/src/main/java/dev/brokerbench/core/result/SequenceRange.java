package dev.brokerbench.core.result;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A run of consecutive sequence numbers of one stream, first and last included: where in a stream something happened
 * (e.g. which confirmed messages were lost), so a reader can tell a loss before a fault from one after it.
 */
public record SequenceRange(long first, long last) {

    public SequenceRange {
        if (first < 0) {
            throw new IllegalArgumentException("first must be >= 0, was " + first);
        }
        if (last < first) {
            throw new IllegalArgumentException("last must be >= first (" + first + "), was " + last);
        }
    }

    /** The runs of set bits, in order, at most {@code limit} of them (the first ones). */
    public static List<SequenceRange> of(BitSet bits, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        List<SequenceRange> ranges = new ArrayList<>();
        int from = bits.nextSetBit(0);
        while (from >= 0 && ranges.size() < limit) {
            int to = bits.nextClearBit(from);
            ranges.add(new SequenceRange(from, to - 1L));
            from = bits.nextSetBit(to);
        }
        return List.copyOf(ranges);
    }

    public long count() {
        return last - first + 1;
    }

    @Override
    public String toString() {
        return first == last ? Long.toString(first) : first + "-" + last;
    }
}
