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
        Streams streams = sent.streams();
        for (ReceiveLedger part : parts) {
            if (streams != part.streams()) {
                throw new IllegalArgumentException("ledgers of different phases");
            }
        }
        long totalSent = 0, totalConfirmed = 0, totalFailed = 0, totalReceived = 0, totalDuplicates = 0;
        long totalLost = 0, lostConfirmed = 0, unconfirmedPresent = 0;
        List<ProducerAccount> producers = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) {
            long n = sent.sentCount(i);
            BitSet sentSet = new BitSet();
            sentSet.set(0, (int) n);
            BitSet confirmed = sent.confirmedSet(i);
            BitSet got = new BitSet();
            long d = 0;
            for (ReceiveLedger part : parts) {
                BitSet set = part.receivedSet(i);
                BitSet twice = (BitSet) got.clone();
                twice.and(set);
                d += part.duplicates(i) + twice.cardinality();
                got.or(set);
            }

            BitSet lost = (BitSet) sentSet.clone();
            lost.andNot(got);
            BitSet lostAndConfirmed = (BitSet) lost.clone();
            lostAndConfirmed.and(confirmed);
            BitSet presentUnconfirmed = (BitSet) got.clone();
            presentUnconfirmed.andNot(confirmed);

            long c = confirmed.cardinality();
            long r = got.cardinality();
            producers.add(new ProducerAccount(i, n, c, r, d, lost.cardinality(),
                    SequenceRange.of(lostAndConfirmed, Accounting.LOST_RANGES_KEPT)));
            totalSent += n;
            totalConfirmed += c;
            totalFailed += sent.failedSet(i).cardinality();
            totalReceived += r;
            totalDuplicates += d;
            totalLost += lost.cardinality();
            lostConfirmed += lostAndConfirmed.cardinality();
            unconfirmedPresent += presentUnconfirmed.cardinality();
        }
        List<ConsumerAccount> consumerAccounts = new ArrayList<>();
        long reordered = 0;
        for (int i = 0; i < consumers.size(); i++) {
            consumerAccounts.add(new ConsumerAccount(i, consumers.get(i).received(), consumers.get(i).reordered()));
            reordered += consumers.get(i).reordered();
        }
        long redelivered = parts.stream().mapToLong(ReceiveLedger::redelivered).sum();
        long foreign = parts.stream().mapToLong(p -> p.foreign() + p.outOfRange()).sum();
        Accounting.Rollbacks rollbacks = new Accounting.Rollbacks(sent.rolledBackTotal(),
                parts.stream().mapToLong(ReceiveLedger::rolledBack).sum());
        return new Accounting(totalSent, totalConfirmed, totalFailed, totalReceived, totalDuplicates, reordered,
                redelivered, totalLost, lostConfirmed, unconfirmedPresent, foreign, producers, consumerAccounts,
                List.of(), rollbacks);
    }
}
