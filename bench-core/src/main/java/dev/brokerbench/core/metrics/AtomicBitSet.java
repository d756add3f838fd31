package dev.brokerbench.core.metrics;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLongArray;

/** A fixed-size bit set that many threads may set concurrently; {@link #set} says whether the bit was new. */
final class AtomicBitSet {
    private final AtomicLongArray words;
    private final long size;

    AtomicBitSet(long size) {
        if (size < 0 || size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("size must be 0.." + Integer.MAX_VALUE + ", got " + size);
        }
        this.size = size;
        this.words = new AtomicLongArray((int) ((size + 63) >>> 6));
    }

    long size() {
        return size;
    }

    /** Sets bit {@code index}; returns true if it was clear before. */
    boolean set(long index) {
        return change(index, true);
    }

    /** Clears bit {@code index}; returns true if it was set before. */
    boolean clear(long index) {
        return change(index, false);
    }

    /** Sets or clears bit {@code index}; returns false, changing nothing, if it already was that way. */
    private boolean change(long index, boolean value) {
        int word = (int) (index >>> 6);
        long mask = 1L << index;
        long old;
        do {
            old = words.get(word);
            if (((old & mask) != 0) == value) {
                return false;
            }
        } while (!words.compareAndSet(word, old, value ? old | mask : old & ~mask));
        return true;
    }

    boolean get(long index) {
        return (words.get((int) (index >>> 6)) & (1L << index)) != 0;
    }

    BitSet snapshot() {
        long[] copy = new long[words.length()];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = words.get(i);
        }
        return BitSet.valueOf(copy);
    }
}
