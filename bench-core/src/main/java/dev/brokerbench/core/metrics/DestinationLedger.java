package dev.brokerbench.core.metrics;

import dev.brokerbench.core.model.Destinations;
import dev.brokerbench.core.result.DestinationSpread;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Each queue's receipts in a case on many queues ({@link Destinations}): its consumers record every delivery with
 * the queue it came from, which is checked against the queue its publisher sent it to; at the end each queue's
 * expected, received and lost messages follow from the publishers' ledger, the route of each message and what the
 * phase's ledger received.
 */
public final class DestinationLedger {
    private final Destinations destinations;
    private final int publishers;
    private final AtomicLongArray duplicates;
    private final AtomicLongArray lastFirst;
    private final LongAdder misrouted = new LongAdder();

    /** @param publishers the publishers spread over the queues (the phase's streams) */
    public DestinationLedger(Destinations destinations, int publishers) {
        this.destinations = destinations;
        this.publishers = publishers;
        this.duplicates = new AtomicLongArray(destinations.queues());
        this.lastFirst = new AtomicLongArray(destinations.queues());
    }

    /**
     * Records a delivery of message {@code sequence} of stream {@code index} on queue {@code queue} at {@code now}.
     *
     * @return the queue it was sent to, when that is another (a misrouted message); -1 when it came where it was sent
     */
    public int record(int queue, int index, long sequence, ReceiveLedger.Receipt receipt, long now) {
        if (receipt == ReceiveLedger.Receipt.FOREIGN) {
            return -1;
        }
        int sentTo = destinations.route(index, publishers, sequence);
        if (sentTo != queue) {
            misrouted.increment();
            return sentTo;
        }
        if (receipt.counted()) {
            lastFirst.accumulateAndGet(queue, now, Math::max);
        } else {
            duplicates.incrementAndGet(queue);
        }
        return -1;
    }

    /** Each queue's accounting against what {@code ledger}'s publishers sent, timed from {@code startNanos}. */
    public DestinationSpread result(ReceiveLedger ledger, long startNanos) {
        long[] expected = new long[destinations.queues()];
        long[] received = new long[destinations.queues()];
        long[] lost = new long[destinations.queues()];
        SendLedger sent = ledger.sent();
        for (int index = 0; index < sent.streams().size(); index++) {
            BitSet owed = sent.expectedSet(index);
            for (long seq = 0; seq < sent.streams().count(index); seq++) {
                int queue = destinations.route(index, publishers, seq);
                boolean in = ledger.received(index, seq);
                if (in) {
                    received[queue]++;
                }
                if (owed.get((int) seq)) {
                    expected[queue]++;
                    if (!in) {
                        lost[queue]++;
                    }
                }
            }
        }
        List<DestinationSpread.Queue> queues = new ArrayList<>();
        for (int q = 0; q < expected.length; q++) {
            long last = lastFirst.get(q);
            queues.add(new DestinationSpread.Queue(q, expected[q], received[q], lost[q], duplicates.get(q),
                    last == 0 ? null : Math.max(0, last - startNanos) / 1e9));
        }
        return new DestinationSpread(destinations.consumersPerQueue(), queues, misrouted.sum());
    }
}
