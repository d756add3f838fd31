package dev.brokerbench.core.metrics;

import java.util.BitSet;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongPredicate;

/**
 * What the consumers of one phase received, shared by all of them: first receipt per sequence number,
 * duplicates per stream, messages from elsewhere, redelivery flags, and whether every message the drain waits for
 * (those the broker confirmed, or an unconfirmed send handed over) has arrived. Ordering is tracked per consumer
 * ({@link OrderTracker}).
 *
 * <p>Made after a publish phase ({@link #ReceiveLedger(SendLedger)}) or while one runs ({@link #whilePublishing}): then
 * a message may arrive before its confirmation is recorded, so nothing is awaited until {@link #publishEnded}. Either
 * way, once publishing is over, the first check takes the expected messages not yet received and later checks look
 * only at those: the receipts themselves do no bookkeeping for it.
 */
public final class ReceiveLedger {
    /** What one delivery was. */
    public enum Receipt {
        /**
         * The first delivery of one of this phase's messages: counted by the consume rate, and the only kind judged
         * for order ({@link OrderTracker}).
         */
        FIRST,
        /**
         * One of this phase's messages that a consumer's rollback gave back, delivered again: received anew (the rate
         * counts it, as its rolled-back receipt was not counted), but a redelivery, not judged for order (it comes
         * after what was sent later as a matter of course).
         */
        GIVEN_BACK,
        /** One of this phase's messages, received before. */
        DUPLICATE,
        /** Not one of this phase's messages (an earlier run's, another phase's, unstamped, out of range). */
        FOREIGN;

        /** A receipt the consume rate counts: the message is received from now on. */
        public boolean counted() {
            return this == FIRST || this == GIVEN_BACK;
        }
    }

    private final Streams streams;
    private final SendLedger sent;
    /** When the publishers were done (this ledger's making, after a publish phase); empty while they publish. */
    private volatile OptionalLong publishEnded;
    private volatile boolean allArrived;
    /** Once publishing is over: expected messages not seen received yet, per stream (taken at the first check). */
    private BitSet[] missing;
    private final AtomicBitSet[] received;
    private final AtomicLongArray duplicates;
    private final LongAdder unique = new LongAdder();
    private final LongAdder foreign = new LongAdder();
    private final LongAdder earlier = new LongAdder();
    private final LongAdder outOfRange = new LongAdder();
    private final LongAdder redelivered = new LongAdder();
    private final LongAdder rolledBack = new LongAdder();
    /** Per stream, the messages rollbacks gave back (ever); null until the first rollback. */
    private volatile AtomicBitSet[] givenBack;
    /** Which sequence numbers this ledger's consumers are to receive (a selector's share); null: all. */
    private final LongPredicate expected;
    private final LongAdder unexpected = new LongAdder();

    /** @param sent the publish phase whose messages this drain expects */
    public ReceiveLedger(SendLedger sent) {
        this(sent, OptionalLong.of(System.nanoTime()), null);
    }

    /** A ledger of consumers that run while {@code sent} is still being published: see {@link #publishEnded}. */
    public static ReceiveLedger whilePublishing(SendLedger sent) {
        return new ReceiveLedger(sent, OptionalLong.empty(), null);
    }

    /**
     * A ledger, after {@code sent} was published, of consumers that are to receive only the messages whose sequence
     * numbers {@code share} accepts (a selector's): only those are awaited, and any other that arrives is counted as
     * foreign (though recorded, so that it is neither lost nor taken for another's first receipt).
     */
    public static ReceiveLedger expecting(SendLedger sent, LongPredicate share) {
        return new ReceiveLedger(sent, OptionalLong.of(System.nanoTime()), share);
    }

    private ReceiveLedger(SendLedger sent, OptionalLong publishEnded, LongPredicate expected) {
        this.expected = expected;
        this.sent = sent;
        this.publishEnded = publishEnded;
        this.streams = sent.streams();
        this.received = new AtomicBitSet[streams.size()];
        this.duplicates = new AtomicLongArray(streams.size());
        for (int i = 0; i < streams.size(); i++) {
            received[i] = new AtomicBitSet(streams.count(i));
        }
    }

    public Streams streams() {
        return streams;
    }

    /** The publishers' ledger whose messages this one receives. */
    public SendLedger sent() {
        return sent;
    }

    /** Whether message {@code sequence} of stream {@code index} was received. */
    boolean received(int index, long sequence) {
        return received[index].get(sequence);
    }

    /**
     * Messages of stream {@code i} below {@code upTo[i]} (e.g. every one sent before an instant: {@link
     * SendLedger#sentCounts}) that never arrived, over every stream; a send the library or broker refused is not
     * owed, so not missing.
     */
    public long missingBelow(long[] upTo) {
        long missing = 0;
        for (int i = 0; i < upTo.length; i++) {
            java.util.BitSet refused = sent.failedSet(i);
            for (long seq = 0; seq < upTo[i]; seq++) {
                missing += received[i].get(seq) || refused.get((int) seq) ? 0 : 1;
            }
        }
        return missing;
    }

    /** Records one delivery of stream {@code stream}'s message {@code sequence}. */
    public Receipt record(long stream, long sequence, boolean redeliveredFlag) {
        if (redeliveredFlag) {
            redelivered.increment();
        }
        int index = streams.indexOf(stream);
        if (index < 0) {
            (Streams.issuedHere(stream) ? earlier : foreign).increment();
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
        if (expected != null && !expected.test(sequence)) {
            unexpected.increment();
            return Receipt.FOREIGN;
        }
        unique.increment();
        AtomicBitSet[] back = givenBack;
        return back != null && back[index].get(sequence) ? Receipt.GIVEN_BACK : Receipt.FIRST;
    }

    /**
     * A transacted consumer rolled back its receipt of stream {@code index}'s message {@code sequence}, recorded
     * {@link Receipt#FIRST} or {@link Receipt#GIVEN_BACK}: the broker owes it again, so it is no longer received
     * (its next delivery is received anew, as {@link Receipt#GIVEN_BACK}) and the drain waits for it.
     */
    public void rolledBack(int index, long sequence) {
        if (!received[index].clear(sequence)) {
            throw new IllegalStateException("stream " + index + " seq " + sequence + " was not received");
        }
        unique.decrement();
        rolledBack.increment();
        synchronized (this) {
            if (givenBack == null) {
                AtomicBitSet[] back = new AtomicBitSet[streams.size()];
                for (int i = 0; i < back.length; i++) {
                    back[i] = new AtomicBitSet(streams.count(i));
                }
                givenBack = back;
            }
            givenBack[index].set(sequence); // before the consumer gives it back to the broker
            allArrived = false;
            if (missing != null) {
                missing[index].set((int) sequence);
            }
        }
    }

    /** Receipts the consumers' rollbacks gave back to the broker. */
    public long rolledBack() {
        return rolledBack.sum();
    }

    /** While publishing: the publishers are done (at {@code nanos}); from now on the expected set is final. */
    public void publishEnded(long nanos) {
        if (publishEnded.isPresent()) {
            throw new IllegalStateException("this ledger's publish phase had ended already");
        }
        publishEnded = OptionalLong.of(nanos);
    }

    /** Whether publishers may still send: a ledger made while publishing, before {@link #publishEnded}. */
    public boolean publishing() {
        return publishEnded.isEmpty();
    }

    /**
     * What an idle timeout counts from: the last delivery, or the end of publishing when that was later (consumers
     * wait without a deadline while publishers run, however slowly they send).
     */
    public long idleFrom(long lastDeliveryNanos) {
        OptionalLong ended = publishEnded;
        return ended.isPresent() ? Math.max(lastDeliveryNanos, ended.getAsLong()) : lastDeliveryNanos;
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
        if (allArrived) {
            return true;
        }
        if (publishing()) {
            return false; // more may be sent and confirmed yet
        }
        return missingArrived();
    }

    /**
     * Whether every expected message has arrived. The first call takes the expected messages not yet received; later
     * calls only look at those, clearing what arrived since (each message is cleared once).
     */
    private synchronized boolean missingArrived() {
        if (missing == null) {
            missing = new BitSet[streams.size()];
            for (int i = 0; i < streams.size(); i++) {
                missing[i] = expectedSet(i);
                missing[i].andNot(received[i].snapshot());
            }
        }
        for (int i = 0; i < streams.size(); i++) {
            for (int seq = missing[i].nextSetBit(0); seq >= 0; seq = missing[i].nextSetBit(seq + 1)) {
                if (!received[i].get(seq)) {
                    return false;
                }
                missing[i].clear(seq);
            }
        }
        allArrived = true;
        return true;
    }

    /** Messages the drain waits for (while publishing: those expected so far). */
    public long expectedTotal() {
        if (expected == null) {
            return sent.expectedTotal();
        }
        long total = 0;
        for (int i = 0; i < streams.size(); i++) {
            total += expectedSet(i).cardinality();
        }
        return total;
    }

    /** Stream {@code index}'s messages this ledger awaits: what the broker confirmed, of this ledger's share. */
    private BitSet expectedSet(int index) {
        BitSet set = sent.expectedSet(index);
        if (expected != null) {
            for (int seq = set.nextSetBit(0); seq >= 0; seq = set.nextSetBit(seq + 1)) {
                if (!expected.test(seq)) {
                    set.clear(seq);
                }
            }
        }
        return set;
    }

    BitSet receivedSet(int index) {
        return received[index].snapshot();
    }

    long duplicates(int index) {
        return duplicates.get(index);
    }

    /** Deliveries of this phase's messages outside the ledger's share (a selector's consumers given others). */
    public long outsideShare() {
        return unexpected.sum();
    }

    /** Messages from elsewhere, and this phase's messages outside the ledger's share. */
    long foreign() {
        return foreign.sum() + unexpected.sum();
    }

    /** Messages of an earlier phase of this run (not this phase's, and not a stranger's). */
    long earlier() {
        return earlier.sum();
    }

    long outOfRange() {
        return outOfRange.sum();
    }

    long redelivered() {
        return redelivered.sum();
    }
}
