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
        Streams streams = sent.streams();
        if (streams != received.streams()) {
            throw new IllegalArgumentException("ledgers of different phases");
        }
        long totalSent = 0, totalConfirmed = 0, totalFailed = 0, totalReceived = 0, totalDuplicates = 0;
        long totalLost = 0, lostConfirmed = 0, unconfirmedPresent = 0;
        List<ProducerAccount> producers = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) {
            long n = sent.sentCount(i);
            BitSet sentSet = new BitSet();
            sentSet.set(0, (int) n);
            BitSet confirmed = sent.confirmedSet(i);
            BitSet got = received.receivedSet(i);

            BitSet lost = (BitSet) sentSet.clone();
            lost.andNot(got);
            BitSet lostAndConfirmed = (BitSet) lost.clone();
            lostAndConfirmed.and(confirmed);
            BitSet presentUnconfirmed = (BitSet) got.clone();
            presentUnconfirmed.andNot(confirmed);

            long c = confirmed.cardinality();
            long r = got.cardinality();
            long d = received.duplicates(i);
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
        return new Accounting(totalSent, totalConfirmed, totalFailed, totalReceived, totalDuplicates, reordered,
                received.redelivered(), totalLost, lostConfirmed, unconfirmedPresent,
                received.foreign() + received.outOfRange(), producers, consumerAccounts);
    }
}
