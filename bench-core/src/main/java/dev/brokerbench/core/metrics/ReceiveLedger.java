package dev.brokerbench.core.metrics;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the consumers of one phase received, shared by all of them: first receipt per sequence number,
 * duplicates per stream, messages from elsewhere, redelivery flags, and how many of the messages the drain waits for
 * (those the broker confirmed, or an unconfirmed send handed over) have arrived. Ordering is tracked per consumer
 * ({@link OrderTracker}).
 */
public final class ReceiveLedger {
    /** What one delivery was. */
    public enum Receipt {
        /** The first receipt of one of this phase's messages: the only kind a consume rate counts. */
        FIRST,
        /** One of this phase's messages, received before. */
        DUPLICATE,
        /** Not one of this phase's messages (an earlier run's, another phase's, unstamped, out of range). */
        FOREIGN
    }

    private final Streams streams;
    private final SendLedger sent;
    private final LongAdder expectedArrived = new LongAdder();
    private final long expectedTotal;
    private final AtomicBitSet[] received;
    private final AtomicLongArray duplicates;
    private final LongAdder unique = new LongAdder();
    private final LongAdder foreign = new LongAdder();
    private final LongAdder outOfRange = new LongAdder();
    private final LongAdder redelivered = new LongAdder();

    /** @param sent the publish phase whose messages this drain expects */
    public ReceiveLedger(SendLedger sent) {
        this.sent = sent;
        this.streams = sent.streams();
        this.expectedTotal = sent.expectedTotal();
        this.received = new AtomicBitSet[streams.size()];
        this.duplicates = new AtomicLongArray(streams.size());
        for (int i = 0; i < streams.size(); i++) {
            received[i] = new AtomicBitSet(streams.count(i));
        }
    }

    public Streams streams() {
        return streams;
    }

    /** Records one delivery of stream {@code stream}'s message {@code sequence}. */
    public Receipt record(long stream, long sequence, boolean redeliveredFlag) {
        if (redeliveredFlag) {
            redelivered.increment();
        }
        int index = streams.indexOf(stream);
        if (index < 0) {
            foreign.increment();
            return Receipt.FOREIGN;
        }
        if (sequence < 0 || sequence >= streams.count(index)) {
            outOfRange.increment();
            return Receipt.FOREIGN;
        }
        if (!received[index].set(sequence)) {
            duplicates.incrementAndGet(index);
            return Receipt.DUPLICATE;
        }
        unique.increment();
        if (sent.isExpected(index, sequence)) {
            expectedArrived.increment();
        }
        return Receipt.FIRST;
    }

    /** Distinct messages of this phase's streams received so far. */
    public long uniqueReceived() {
        return unique.sum();
    }

    /**
     * Every message the drain waits for has arrived: every one the broker confirmed (messages whose confirmation
     * never came may still come, or never), or, after unconfirmed sends, every one the library took.
     */
    public boolean allExpectedArrived() {
        return expectedArrived.sum() >= expectedTotal;
    }

    /** Messages the drain waits for. */
    public long expectedTotal() {
        return expectedTotal;
    }

    BitSet receivedSet(int index) {
        return received[index].snapshot();
    }

    long duplicates(int index) {
        return duplicates.get(index);
    }

    long foreign() {
        return foreign.sum();
    }

    long outOfRange() {
        return outOfRange.sum();
    }

    long redelivered() {
        return redelivered.sum();
    }
}
