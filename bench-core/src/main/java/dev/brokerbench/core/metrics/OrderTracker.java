package dev.brokerbench.core.metrics;

import java.util.Arrays;

/**
 * One consumer's view of ordering: a message is reordered when its sequence number is lower than the last one this
 * consumer saw from the same stream (JMS orders per producer and consumer, not across competing consumers).
 */
public final class OrderTracker {
    private final long[] lastSequence;
    private long reordered;
    private long received;

    public OrderTracker(int streams) {
        lastSequence = new long[streams];
        Arrays.fill(lastSequence, -1);
    }

    public void record(int streamIndex, long sequence) {
        received++;
        if (sequence < lastSequence[streamIndex]) {
            reordered++;
        } else {
            lastSequence[streamIndex] = sequence;
        }
    }

    public long reordered() {
        return reordered;
    }

    public long received() {
        return received;
    }
}
