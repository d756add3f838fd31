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
 * @param reordered          first deliveries with a lower sequence than the highest first delivery the same consumer
 *                           saw from that stream (redeliveries, duplicates and what a rollback gave back are not
 *                           judged: they are counted as duplicates and redelivered; until 2026-11-26 they were counted
 *                           here too, so a rollback case's figure included every rolled-back receipt)
 * @param redelivered        deliveries the broker flagged as redelivered
 * @param lost               sent but never received
 * @param lostConfirmed      of those, confirmed by the broker: a durability violation
 * @param lostRefused        of those, sends the library or broker reported as failed (refused, nacked, a send that
 *                           threw): an error the client knew of, not a silent loss (0 in results written before
 *                           2026-11-26, which did not tell them apart)
 * @param unconfirmedPresent received although never confirmed (in flight at a fault, or a failed confirm)
 * @param foreign            messages on the queue that this phase did not send, nor an earlier phase of the run
 * @param earlier            deliveries of messages an earlier phase of the run sent to the queue (its warm-up's):
 *                           what the broker delivered again after a restart rewound what that phase's consumers had
 *                           acknowledged, or what that phase left on the queue. Not this phase's, so neither
 *                           received, lost nor duplicate, and not a stranger's; counted apart so the account stays
 *                           exact for the phase and the broker's behaviour is still shown (0 in results written before
 *                           2026-11-27, which counted them as foreign)
 * @param perProducer        the same per producing client
 * @param perConsumer        deliveries and reorderings per consuming client
 * @param perSubscriber      on a topic, each subscription's own account; empty for a queue
 * @param rollbacks          what transacted clients rolled back on purpose (each such message is owed again, so
 *                           none of it counts as lost, duplicate or received until it arrives once more)
 * @param held               messages a drain could not ask for: its consumers could not consume, again when tried
 *                           once more, so what did not arrive without the client being told is held by a broker
 *                           that did not answer, neither received nor lost ({@link #heldBy}); null when the drain
 *                           could ask for every message
 *
 * <p>On a topic every message is owed once to each subscription, and every count is of deliveries owed: the sum of
 * the subscriptions' own accounts, so {@code sent} and {@code confirmed} are the publishers' figures times the
 * subscribers, and the account is exact only when every subscriber received every message once.
 */
public record Accounting(long sent, long confirmed, long failed, long received, long duplicates, long reordered,
                         long redelivered, long lost, long lostConfirmed, long lostRefused, long unconfirmedPresent,
                         long foreign, long earlier, List<ProducerAccount> perProducer,
                         List<ConsumerAccount> perConsumer, List<SubscriberAccount> perSubscriber, Rollbacks rollbacks,
                         @com.fasterxml.jackson.annotation.JsonInclude(
                                 com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Held held) {

    public Accounting {
        rollbacks = rollbacks == null ? Rollbacks.NONE : rollbacks;
        perProducer = List.copyOf(perProducer);
        perConsumer = List.copyOf(perConsumer);
        perSubscriber = perSubscriber == null ? List.of() : List.copyOf(perSubscriber);
    }

    /** A queue's account: no subscriptions. */
    public Accounting(long sent, long confirmed, long failed, long received, long duplicates, long reordered,
                      long redelivered, long lost, long lostConfirmed, long lostRefused, long unconfirmedPresent,
                      long foreign, List<ProducerAccount> perProducer, List<ConsumerAccount> perConsumer) {
        this(sent, confirmed, failed, received, duplicates, reordered, redelivered, lost, lostConfirmed, lostRefused,
                unconfirmedPresent, foreign, 0, perProducer, perConsumer, List.of(), Rollbacks.NONE, null);
    }

    /**
     * Messages a drain could not ask for: held by a broker that did not answer (its consumers could not consume), not
     * known lost until it answers and its queue is drained or counted.
     *
     * @param messages  sent, not refused and not received when the drain gave up
     * @param confirmed of those, confirmed by the broker
     * @param where     the confirmed ones, per producing client, as runs of sequence numbers (as
     *                  {@link #lostConfirmedWhere} would have named them); empty when none was confirmed
     * @param why       what the consumers met, e.g. "2 of 2 consumers could not consume, again 5 s later: ..."
     */
    public record Held(long messages, long confirmed, String where, String why) {
        public Held {
            if (messages <= 0 || confirmed < 0 || confirmed > messages) {
                throw new IllegalArgumentException("held messages must be > 0 and confirmed within them, got "
                        + messages + ", " + confirmed);
            }
            where = where == null ? "" : where;
        }
    }

    /**
     * This account with what it calls silently lost held instead ({@link Held}): the drain could not ask for those
     * messages, so none of them is lost or confirmed-lost, and no producer's account names them; the sends the
     * broker refused stay lost (the client was told), and a producer's own lost count stays whole when there were
     * some, since it does not tell them apart.
     */
    public Accounting heldBy(String why) {
        if (silentlyLost() == 0) {
            return this;
        }
        Held h = new Held(silentlyLost(), lostConfirmed, lostConfirmedWhere(), why);
        List<ProducerAccount> producers = perProducer.stream().map(p -> new ProducerAccount(p.client(), p.sent(),
                p.confirmed(), p.received(), p.duplicates(), lostRefused == 0 ? 0 : p.lost(), List.of())).toList();
        return new Accounting(sent, confirmed, failed, received, duplicates, reordered, redelivered, lostRefused, 0,
                lostRefused, unconfirmedPresent, foreign, earlier, producers, perConsumer, perSubscriber, rollbacks, h);
    }

    /**
     * Messages rolled back on purpose by transacted clients.
     *
     * @param sends    sends a publisher's rollback discarded (each sent again in a later transaction)
     * @param receipts receipts a consumer's rollback gave back to the broker (each to be delivered again)
     */
    public record Rollbacks(long sends, long receipts) {
        public static final Rollbacks NONE = new Rollbacks(0, 0);

        public Rollbacks {
            if (sends < 0 || receipts < 0) {
                throw new IllegalArgumentException("sends and receipts must be >= 0, got " + sends + ", " + receipts);
            }
        }

        Rollbacks plus(Rollbacks other) {
            return new Rollbacks(sends + other.sends, receipts + other.receipts);
        }

        /** Whether anything was rolled back. */
        public boolean any() {
            return sends > 0 || receipts > 0;
        }
    }

    /**
     * One subscription of a topic, against every message the publishers sent.
     *
     * @param subscriber  its index (its client's)
     * @param lost        sent messages it never received
     * @param redelivered deliveries the broker flagged as redelivered
     */
    public record SubscriberAccount(int subscriber, long received, long duplicates, long lost, long lostConfirmed,
                                    long redelivered, long foreign) {
        /** Every sent message arrived once, and nothing else. */
        public boolean exact() {
            return lost == 0 && duplicates == 0 && foreign == 0;
        }
    }

    /**
     * A topic's account from each subscription's ({@code subscribers.get(i)} reconciled the publishers' ledger with
     * subscriber {@code i}'s receipts; its one consumer is client {@code i}): every count summed.
     */
    public static Accounting fanOut(List<Accounting> subscribers) {
        if (subscribers.isEmpty()) {
            throw new IllegalArgumentException("a topic's account needs at least one subscriber's");
        }
        long sent = 0, confirmed = 0, failed = 0, received = 0, duplicates = 0, reordered = 0, redelivered = 0;
        long lost = 0, lostConfirmed = 0, lostRefused = 0, unconfirmedPresent = 0, foreign = 0, earlier = 0;
        List<ConsumerAccount> consumers = new java.util.ArrayList<>();
        List<SubscriberAccount> accounts = new java.util.ArrayList<>();
        Rollbacks rolledBack = Rollbacks.NONE;
        for (int i = 0; i < subscribers.size(); i++) {
            Accounting a = subscribers.get(i);
            rolledBack = rolledBack.plus(a.rollbacks);
            sent += a.sent;
            confirmed += a.confirmed;
            failed += a.failed;
            received += a.received;
            duplicates += a.duplicates;
            reordered += a.reordered;
            redelivered += a.redelivered;
            lost += a.lost;
            lostConfirmed += a.lostConfirmed;
            lostRefused += a.lostRefused;
            unconfirmedPresent += a.unconfirmedPresent;
            foreign += a.foreign;
            earlier += a.earlier;
            long deliveries = a.perConsumer.stream().mapToLong(ConsumerAccount::deliveries).sum();
            consumers.add(new ConsumerAccount(i, deliveries, a.reordered));
            accounts.add(new SubscriberAccount(i, a.received, a.duplicates, a.lost, a.lostConfirmed, a.redelivered,
                    a.foreign));
        }
        return new Accounting(sent, confirmed, failed, received, duplicates, reordered, redelivered, lost,
                lostConfirmed, lostRefused, unconfirmedPresent, foreign, earlier, summed(subscribers), consumers,
                accounts, rolledBack, null);
    }

    /** Each producing client's account summed over the subscriptions; lost ranges from the first that lost any. */
    private static List<ProducerAccount> summed(List<Accounting> subscribers) {
        List<ProducerAccount> producers = new java.util.ArrayList<>();
        for (int p = 0; p < subscribers.get(0).perProducer.size(); p++) {
            long sent = 0, confirmed = 0, received = 0, duplicates = 0, lost = 0;
            List<SequenceRange> ranges = List.of();
            for (Accounting a : subscribers) {
                ProducerAccount one = a.perProducer.get(p);
                sent += one.sent();
                confirmed += one.confirmed();
                received += one.received();
                duplicates += one.duplicates();
                lost += one.lost();
                ranges = ranges.isEmpty() ? one.lostConfirmedRanges() : ranges;
            }
            producers.add(new ProducerAccount(p, sent, confirmed, received, duplicates, lost, ranges));
        }
        return producers;
    }

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

    /**
     * One consuming client.
     *
     * @param deliveries every delivery of the phase's messages it had, redeliveries and duplicates included
     * @param reordered  its first deliveries that came after a higher one of their stream
     */
    public record ConsumerAccount(int client, long deliveries, long reordered) {
    }

    /**
     * Sent and never received without the client being told: confirmed by the broker, or sent (an unconfirmed send
     * the library took, a send whose confirmation never came) without a failure reported. A loss; a refused send
     * ({@link #lostRefused}) is an error instead.
     */
    public long silentlyLost() {
        return lost - lostRefused;
    }

    /**
     * True when every sent message arrived exactly once and nothing else arrived but, possibly, an earlier phase's
     * messages ({@link #earlier}: shown, not this phase's to account for).
     */
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
        return (perSubscriber.isEmpty() ? "" : "owed to " + perSubscriber.size()
                + (perSubscriber.size() == 1 ? " subscriber: " : " subscribers: ")) + "sent=" + sent + " confirmed=" + confirmed + " failed=" + failed + " received=" + received
                + " duplicates=" + duplicates + " reordered=" + reordered + " lost=" + lost
                + " (confirmed " + lostConfirmed + (lostRefused == 0 ? "" : ", refused " + lostRefused)
                + ")" + (held == null ? "" : " held=" + held.messages() + " (confirmed " + held.confirmed()
                + (held.where().isEmpty() ? "" : " at [" + held.where() + "]") + ": " + held.why() + ")")
                + " unconfirmedPresent=" + unconfirmedPresent
                + " foreign=" + foreign + (earlier == 0 ? "" : " earlier=" + earlier)
                + (rollbacks.any() ? " rolledBack=" + rollbacks.sends() + " sends, "
                + rollbacks.receipts() + " receipts (redelivered " + redelivered + ")" : "") + (lostConfirmed == 0 ? "" : " lostConfirmedAt=[" + lostConfirmedWhere() + "]")
                + perSubscriber.stream().filter(a -> !a.exact()).map(a -> " subscriber " + a.subscriber() + ": received="
                        + a.received() + " lost=" + a.lost() + " duplicates=" + a.duplicates() + " foreign="
                        + a.foreign()).collect(Collectors.joining(";", "", ""));
    }
}
