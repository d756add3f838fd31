package dev.brokerbench.core.result;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Exact message accounting of one publish phase against the consume phase that drained it, from sequence numbers.
 *
 * @param sent               handed to the client library
 * @param confirmed          confirmed by the broker
 * @param failed             sends the library or broker reported as failed
 * @param received           distinct messages received
 * @param duplicates         deliveries of a message already received
 * @param reordered          deliveries with a lower sequence than the last one the same consumer saw from that stream
 * @param redelivered        deliveries the broker flagged as redelivered
 * @param lost               sent but never received
 * @param lostConfirmed      of those, confirmed by the broker: a durability violation
 * @param unconfirmedPresent received although never confirmed (in flight at a fault, or a failed confirm)
 * @param foreign            messages on the queue that this phase did not send
 * @param perProducer        the same per producing client
 * @param perConsumer        deliveries and reorderings per consuming client
 */
public record Accounting(long sent, long confirmed, long failed, long received, long duplicates, long reordered,
                         long redelivered, long lost, long lostConfirmed, long unconfirmedPresent, long foreign,
                         List<ProducerAccount> perProducer, List<ConsumerAccount> perConsumer) {

    /** How many runs of confirmed-but-lost sequence numbers a producer account keeps. */
    public static final int LOST_RANGES_KEPT = 20;

    /**
     * One producing client.
     *
     * @param lostConfirmedRanges the sequence numbers it had confirmed that never arrived, as runs (the first
     *                            {@link #LOST_RANGES_KEPT}); empty when none was lost
     */
    public record ProducerAccount(int client, long sent, long confirmed, long received, long duplicates, long lost,
                                  List<SequenceRange> lostConfirmedRanges) {
        public ProducerAccount {
            lostConfirmedRanges = List.copyOf(lostConfirmedRanges);
        }
    }

    /** One consuming client. */
    public record ConsumerAccount(int client, long deliveries, long reordered) {
    }

    /** True when every sent message arrived exactly once and nothing else arrived. */
    public boolean exact() {
        return lost == 0 && duplicates == 0 && failed == 0 && foreign == 0 && received == sent;
    }

    /**
     * Where the confirmed-but-lost messages were, per producing client, e.g. {@code "client 0: 100-202; client 2: 7"};
     * empty when none was lost.
     */
    public String lostConfirmedWhere() {
        StringBuilder b = new StringBuilder();
        for (ProducerAccount p : perProducer) {
            if (!p.lostConfirmedRanges().isEmpty()) {
                b.append(b.length() == 0 ? "" : "; ").append("client ").append(p.client()).append(": ")
                        .append(p.lostConfirmedRanges().stream().map(SequenceRange::toString)
                                .collect(Collectors.joining(", ")));
            }
        }
        return b.toString();
    }

    /** A one-line account, e.g. for logs and assertion messages. */
    public String summary() {
        return "sent=" + sent + " confirmed=" + confirmed + " failed=" + failed + " received=" + received
                + " duplicates=" + duplicates + " reordered=" + reordered + " lost=" + lost
                + " (confirmed " + lostConfirmed + ") unconfirmedPresent=" + unconfirmedPresent
                + " foreign=" + foreign + (lostConfirmed == 0 ? "" : " lostConfirmedAt=[" + lostConfirmedWhere() + "]");
    }
}
