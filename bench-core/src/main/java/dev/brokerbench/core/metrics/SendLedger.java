package dev.brokerbench.core.metrics;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per stream: how many messages were handed to the client library, and which the broker confirmed or failed, or
 * (unconfirmed sends) the library took without the broker being asked to confirm. Each stream is written by its own
 * client only; the per-stream counters sit {@link #STRIDE} longs apart so that no two clients share a cache line.
 */
public final class SendLedger {
    private static final int STRIDE = 16;
    private final Streams streams;
    private final AtomicLongArray sent;
    private final AtomicBitSet[] confirmed;
    private final AtomicBitSet[] failed;
    private final AtomicBitSet[] taken;
    private final AtomicLongArray rolledBack;

    public SendLedger(Streams streams) {
        this.streams = streams;
        this.sent = new AtomicLongArray(streams.size() * STRIDE);
        this.confirmed = new AtomicBitSet[streams.size()];
        this.failed = new AtomicBitSet[streams.size()];
        this.taken = new AtomicBitSet[streams.size()];
        this.rolledBack = new AtomicLongArray(streams.size() * STRIDE);
        for (int i = 0; i < streams.size(); i++) {
            confirmed[i] = new AtomicBitSet(streams.count(i));
            failed[i] = new AtomicBitSet(streams.count(i));
            taken[i] = new AtomicBitSet(streams.count(i));
        }
    }

    public Streams streams() {
        return streams;
    }

    public void sent(int index) {
        sent.incrementAndGet(index * STRIDE);
    }

    public void confirmed(int index, long sequence) {
        confirmed[index].set(sequence);
    }

    public void failed(int index, long sequence) {
        failed[index].set(sequence);
    }

    /** An unconfirmed send returned: the library took the message; the broker was not asked to confirm it. */
    public void taken(int index, long sequence) {
        taken[index].set(sequence);
    }

    /**
     * A transacted publisher rolled back {@code messages} sends of its stream (each is sent again in a later
     * transaction under the same sequence number, and counted as sent once).
     */
    public void rolledBack(int index, long messages) {
        rolledBack.addAndGet(index * STRIDE, messages);
    }

    /** Sends the publishers' rollbacks discarded, over every stream. */
    public long rolledBackTotal() {
        long total = 0;
        for (int i = 0; i < streams.size(); i++) {
            total += rolledBack.get(i * STRIDE);
        }
        return total;
    }

    long sentCount(int index) {
        return sent.get(index * STRIDE);
    }

    BitSet confirmedSet(int index) {
        return confirmed[index].snapshot();
    }

    BitSet failedSet(int index) {
        return failed[index].snapshot();
    }

    BitSet takenSet(int index) {
        return taken[index].snapshot();
    }

    /** Sends the library or broker reported as failed (refused), over every stream. */
    public long failedTotal() {
        long total = 0;
        for (int i = 0; i < streams.size(); i++) {
            total += failed[i].snapshot().cardinality();
        }
        return total;
    }

    /** Per stream, the messages handed to the client library so far (its sequence numbers below that count). */
    public long[] sentCounts() {
        long[] counts = new long[streams.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = sentCount(i);
        }
        return counts;
    }

    /** Messages handed to the client library, over every stream. */
    public long sentTotal() {
        long total = 0;
        for (int i = 0; i < streams.size(); i++) {
            total += sentCount(i);
        }
        return total;
    }

    public long confirmedTotal() {
        long total = 0;
        for (int i = 0; i < streams.size(); i++) {
            total += confirmedSet(i).cardinality();
        }
        return total;
    }

    /** Messages the drain must wait for ({@link #expectedSet}). */
    public long expectedTotal() {
        long total = 0;
        for (int i = 0; i < streams.size(); i++) {
            total += expectedSet(i).cardinality();
        }
        return total;
    }

    /**
     * The sequence numbers of stream {@code index} the drain must wait for: those the broker confirmed, or an
     * unconfirmed send handed over without failing.
     */
    BitSet expectedSet(int index) {
        BitSet expected = confirmedSet(index);
        expected.or(takenSet(index));
        return expected;
    }
}
