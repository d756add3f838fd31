package dev.brokerbench.core.result;

import java.util.List;

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

    /** One producing client. */
    public record ProducerAccount(int client, long sent, long confirmed, long received, long duplicates, long lost) {
    }

    /** One consuming client. */
    public record ConsumerAccount(int client, long deliveries, long reordered) {
    }

    /** True when every sent message arrived exactly once and nothing else arrived. */
    public boolean exact() {
        return lost == 0 && duplicates == 0 && failed == 0 && foreign == 0 && received == sent;
    }

    /** A one-line account, e.g. for logs and assertion messages. */
    public String summary() {
        return "sent=" + sent + " confirmed=" + confirmed + " failed=" + failed + " received=" + received
                + " duplicates=" + duplicates + " reordered=" + reordered + " lost=" + lost
                + " (confirmed " + lostConfirmed + ") unconfirmedPresent=" + unconfirmedPresent
                + " foreign=" + foreign;
    }
}
