package dev.brokerbench.core.metrics;

import java.util.Arrays;

/**
 * One consumer's view of ordering: a first delivery of a message is reordered when its sequence number is lower than
 * the highest first delivery this consumer saw from the same stream (JMS orders per producer and consumer, not across
 * competing consumers). Redeliveries are not judged: a duplicate ({@link ReceiveLedger.Receipt#DUPLICATE}, e.g. what a
 * killed consumer held, delivered to another) and what a rollback gave back ({@link ReceiveLedger.Receipt#GIVEN_BACK})
 * come after later messages as a matter of course, and are accounted apart (duplicates, redelivered).
 */
public final class OrderTracker {
    private final long[] highestFirst;
    private long reordered;
    private long received;

    public OrderTracker(int streams) {
        highestFirst = new long[streams];
        Arrays.fill(highestFirst, -1);
    }

    /** One delivery of stream {@code streamIndex}'s message {@code sequence}, of the kind the ledger recorded. */
    public void record(int streamIndex, long sequence, ReceiveLedger.Receipt receipt) {
        received++;
        if (receipt != ReceiveLedger.Receipt.FIRST) {
            return;
        }
        if (sequence < highestFirst[streamIndex]) {
            reordered++;
        } else {
            highestFirst[streamIndex] = sequence;
        }
    }

    /** First deliveries that came after a higher one of their stream. */
    public long reordered() {
        return reordered;
    }

    /** Deliveries of every kind but foreign (redeliveries and duplicates included). */
    public long received() {
        return received;
    }
}
