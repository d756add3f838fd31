package dev.brokerbench.core.metrics;

import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.Accounting.ConsumerAccount;
import dev.brokerbench.core.result.Accounting.ProducerAccount;
import dev.brokerbench.core.result.SequenceRange;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** Compares what was sent with what was received, sequence number by sequence number. */
public final class Reconciler {
    private Reconciler() {
    }

    public static Accounting reconcile(SendLedger sent, ReceiveLedger received, List<OrderTracker> consumers) {
        return reconcile(sent, List.of(received), consumers);
    }

    /**
     * What was sent against what several drains of it received between them (a selector's consumers, then the
     * consumers of what they left): a message received by two of them counts as a duplicate.
     */
    public static Accounting reconcile(SendLedger sent, List<ReceiveLedger> parts, List<OrderTracker> consumers) {
        for (ReceiveLedger part : parts) {
            if (sent.streams() != part.streams()) {
                throw new IllegalArgumentException("ledgers of different phases");
            }
        }
        return reconcile(SendRecord.of(sent), parts.stream().map(ReceiptRecord::of).toList(), accounts(consumers));
    }

    /** Each consumer's deliveries and reorderings, by client index. */
    /**
     * A queue's shared ledger reconciled once ({@code ledgers} holds one); a topic's, subscriber by subscriber (ledger
     * {@code i} with consumer {@code i}'s order) and summed.
     */
    public static Accounting reconcileEach(boolean fanOut, SendLedger sent, List<ReceiveLedger> ledgers,
                                           List<OrderTracker> order) {
        if (!fanOut) {
            return reconcile(sent, ledgers.get(0), order);
        }
        List<Accounting> subscribers = new ArrayList<>();
        for (int i = 0; i < ledgers.size(); i++) {
            subscribers.add(reconcile(sent, ledgers.get(i), List.of(order.get(i))));
        }
        return Accounting.fanOut(subscribers);
    }

    public static List<ConsumerAccount> accounts(List<OrderTracker> consumers) {
        List<ConsumerAccount> accounts = new ArrayList<>();
        for (int i = 0; i < consumers.size(); i++) {
            accounts.add(new ConsumerAccount(i, consumers.get(i).received(), consumers.get(i).reordered()));
        }
        return accounts;
    }

    /**
     * The same from records: the sends of one phase (of every shard, {@link SendRecord#plus}) against the receipts
     * of every drain of it (one per shard): a message received in two parts counts as a duplicate.
     */
    public static Accounting reconcile(SendRecord sent, List<ReceiptRecord> parts, List<ConsumerAccount> consumers) {
        for (ReceiptRecord part : parts) {
            if (part.tag() != sent.tag() || part.streams().size() != sent.streams().size()) {
                throw new IllegalArgumentException("receipts of another phase (tag " + part.tag() + ", sends' "
                        + sent.tag() + ")");
            }
        }
        long totalSent = 0, totalConfirmed = 0, totalFailed = 0, totalReceived = 0, totalDuplicates = 0;
        long totalLost = 0, lostConfirmed = 0, lostRefused = 0, unconfirmedPresent = 0;
        List<ProducerAccount> producers = new ArrayList<>();
        for (int i = 0; i < sent.streams().size(); i++) {
            SendRecord.Stream stream = sent.streams().get(i);
            long n = stream.sent();
            BitSet sentSet = new BitSet();
            sentSet.set(0, (int) n);
            BitSet confirmed = stream.confirmedSet();
            BitSet got = new BitSet();
            long d = 0;
            for (ReceiptRecord part : parts) {
                BitSet set = part.streams().get(i).receivedSet();
                BitSet twice = (BitSet) got.clone();
                twice.and(set);
                d += part.streams().get(i).duplicates() + twice.cardinality();
                got.or(set);
            }

            BitSet lost = (BitSet) sentSet.clone();
            lost.andNot(got);
            BitSet lostAndConfirmed = (BitSet) lost.clone();
            lostAndConfirmed.and(confirmed);
            BitSet lostAndRefused = (BitSet) lost.clone();
            lostAndRefused.and(stream.failedSet());
            BitSet presentUnconfirmed = (BitSet) got.clone();
            presentUnconfirmed.andNot(confirmed);

            long c = confirmed.cardinality();
            long r = got.cardinality();
            producers.add(new ProducerAccount(i, n, c, r, d, lost.cardinality(),
                    SequenceRange.of(lostAndConfirmed, Accounting.LOST_RANGES_KEPT)));
            totalSent += n;
            totalConfirmed += c;
            totalFailed += stream.failedSet().cardinality();
            totalReceived += r;
            totalDuplicates += d;
            totalLost += lost.cardinality();
            lostConfirmed += lostAndConfirmed.cardinality();
            lostRefused += lostAndRefused.cardinality();
            unconfirmedPresent += presentUnconfirmed.cardinality();
        }
        long reordered = consumers.stream().mapToLong(ConsumerAccount::reordered).sum();
        long redelivered = parts.stream().mapToLong(ReceiptRecord::redelivered).sum();
        long foreign = parts.stream().mapToLong(ReceiptRecord::foreign).sum();
        long earlier = parts.stream().mapToLong(ReceiptRecord::earlier).sum();
        Accounting.Rollbacks rollbacks = new Accounting.Rollbacks(sent.rolledBack(),
                parts.stream().mapToLong(ReceiptRecord::rolledBack).sum());
        return new Accounting(totalSent, totalConfirmed, totalFailed, totalReceived, totalDuplicates, reordered,
                redelivered, totalLost, lostConfirmed, lostRefused, unconfirmedPresent, foreign, earlier, producers,
                consumers, List.of(), rollbacks, null);
    }
}
