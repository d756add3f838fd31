package dev.brokerbench.core.metrics;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the consumers of one phase received, shared by all of them: first receipt per sequence number,
 * duplicates per stream, messages from elsewhere, redelivery flags. Ordering is tracked per consumer
 * ({@link OrderTracker}).
 */
public final class ReceiveLedger {
    private final Streams streams;
    private final AtomicBitSet[] received;
    private final AtomicLongArray duplicates;
    private final AtomicLong unique = new AtomicLong();
    private final LongAdder foreign = new LongAdder();
    private final LongAdder outOfRange = new LongAdder();
    private final LongAdder redelivered = new LongAdder();

    public ReceiveLedger(Streams streams) {
        this.streams = streams;
        this.received = new AtomicBitSet[streams.size()];
        this.duplicates = new AtomicLongArray(streams.size());
        for (int i = 0; i < streams.size(); i++) {
            received[i] = new AtomicBitSet(streams.count(i));
        }
    }

    public Streams streams() {
        return streams;
    }

    /**
     * Records one delivery.
     *
     * @return the stream index, or -1 if the message is foreign or its sequence is out of range
     */
    public int record(long stream, long sequence, boolean redeliveredFlag) {
        if (redeliveredFlag) {
            redelivered.increment();
        }
        int index = streams.indexOf(stream);
        if (index < 0) {
            foreign.increment();
            return -1;
        }
        if (sequence < 0 || sequence >= streams.count(index)) {
            outOfRange.increment();
            return -1;
        }
        if (received[index].set(sequence)) {
            unique.incrementAndGet();
        } else {
            duplicates.incrementAndGet(index);
        }
        return index;
    }

    /** Distinct messages of this phase's streams received so far. */
    public long uniqueReceived() {
        return unique.get();
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
