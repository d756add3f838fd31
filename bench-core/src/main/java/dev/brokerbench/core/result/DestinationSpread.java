package dev.brokerbench.core.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * A case on many queues, queue by queue: what each was owed and received, and how far apart the queues ended. The
 * totals are the phase's accounting; this says where its losses and duplicates were, and whether some queues were
 * served later than others (a broker or client that favours some queues shows as a wide spread of last receipts).
 *
 * @param consumersPerQueue consumers on each queue
 * @param queues            each queue, by index
 * @param misrouted         messages that arrived on a queue other than the one they were sent to (each is an error
 *                          of the phase)
 */
public record DestinationSpread(int consumersPerQueue, List<Queue> queues, long misrouted) {
    public DestinationSpread {
        queues = List.copyOf(queues);
        if (queues.isEmpty()) {
            throw new IllegalArgumentException("queues must not be empty");
        }
        if (consumersPerQueue < 1) {
            throw new IllegalArgumentException("consumersPerQueue must be >= 1, got " + consumersPerQueue);
        }
        if (misrouted < 0) {
            throw new IllegalArgumentException("misrouted must be >= 0, got " + misrouted);
        }
    }

    /**
     * One queue.
     *
     * @param index              its index (its name is the workload's queue, '.', the index)
     * @param expected           the messages sent to it that the broker confirmed (or the library took, unconfirmed)
     * @param received           first receipts of messages sent to it
     * @param lost               expected messages that never arrived
     * @param duplicates         deliveries after the first on it
     * @param lastReceiptSeconds from the phase's start to its last first receipt; null for a queue that received
     *                           nothing
     */
    public record Queue(int index, long expected, long received, long lost, long duplicates,
                        Double lastReceiptSeconds) {
    }

    /** Queues that lost messages. */
    @JsonIgnore
    public long queuesWithLoss() {
        return queues.stream().filter(q -> q.lost() > 0).count();
    }

    /** Queues on which a message arrived more than once. */
    @JsonIgnore
    public long queuesWithDuplicates() {
        return queues.stream().filter(q -> q.duplicates() > 0).count();
    }

    /** First receipts per queue: the least, the median and the most. */
    @JsonIgnore
    public Spread received() {
        return Spread.of(queues.stream().mapToDouble(Queue::received).sorted().toArray());
    }

    /** Seconds from the phase's start to each queue's last first receipt, over the queues that received any. */
    @JsonIgnore
    public Spread lastReceipt() {
        return Spread.of(queues.stream().filter(q -> q.lastReceiptSeconds() != null)
                .mapToDouble(Queue::lastReceiptSeconds).sorted().toArray());
    }

    /**
     * The least, the median and the most of a figure over the queues; NaN for each over no queue.
     */
    public record Spread(double min, double median, double max) {
        static Spread of(double[] sorted) {
            if (sorted.length == 0) {
                return new Spread(Double.NaN, Double.NaN, Double.NaN);
            }
            int n = sorted.length;
            double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            return new Spread(sorted[0], median, sorted[n - 1]);
        }
    }
}
