package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.ReceiveLedger;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.Rollback;
import dev.brokerbench.core.spi.Consumer;
import java.util.Arrays;

/**
 * One consumer's acknowledgements: every {@code ackBatch} deliveries it acknowledges (CLIENT) or ends its transaction
 * (TRANSACTED); AUTO and DUPS_OK leave it to the library.
 *
 * <p>A transacted consumer's first receipts are held until their transaction ends: a commit counts each at its
 * receipt time on the consumer's clock lane; a rollback (every {@link Rollback#every()}-th transaction, when the
 * workload has one) counts none of them and gives them back to the ledger, which waits for them again, before the
 * consumer gives them back to the broker. Other modes count each first receipt when it arrives.
 */
final class Acknowledger {
    private final Consumer consumer;
    private final AckMode mode;
    /** CLIENT or TRANSACTED: the suite ends the batches; AUTO and DUPS_OK leave it to the library. */
    private final boolean explicit;
    private final int batch;
    private final Rollback rollback;
    private final ReceiveLedger ledger;
    private final ProgressClock.Lane lane;
    private int unacked;
    private long transaction;
    /** The open transaction's first receipts: stream index, sequence, receipt time, body size. */
    private int held;
    private int[] heldStreams = new int[16];
    private long[] heldSequences = new long[16];
    private long[] heldNanos = new long[16];
    private int[] heldBytes = new int[16];

    Acknowledger(Consumer consumer, AckMode mode, int batch, Rollback rollback, ReceiveLedger ledger,
                 ProgressClock.Lane lane) {
        this.consumer = consumer;
        this.mode = mode;
        this.explicit = mode == AckMode.CLIENT || mode == AckMode.TRANSACTED;
        this.batch = batch;
        this.rollback = mode == AckMode.TRANSACTED ? rollback : null;
        this.ledger = ledger;
        this.lane = lane;
    }

    /**
     * A first receipt of one of the phase's messages, at {@code nanos}, with a body of {@code bytes}: counted now, or
     * at its commit.
     */
    void first(int streamIndex, long sequence, long nanos, int bytes) {
        if (mode != AckMode.TRANSACTED) {
            lane.tick(nanos, bytes);
            return;
        }
        if (held == heldStreams.length) {
            heldStreams = Arrays.copyOf(heldStreams, held * 2);
            heldSequences = Arrays.copyOf(heldSequences, held * 2);
            heldNanos = Arrays.copyOf(heldNanos, held * 2);
            heldBytes = Arrays.copyOf(heldBytes, held * 2);
        }
        heldStreams[held] = streamIndex;
        heldSequences[held] = sequence;
        heldNanos[held] = nanos;
        heldBytes[held] = bytes;
        held++;
    }

    /**
     * After each delivery (of any kind): ends the batch when it is full. Returns true when that was a rollback:
     * messages the drain had are owed again.
     */
    boolean delivered() throws Exception {
        if (!explicit || ++unacked < batch) {
            return false;
        }
        unacked = 0;
        transaction++;
        if (rollback != null && rollback.rollsBack(transaction)) {
            for (int i = 0; i < held; i++) {
                ledger.rolledBack(heldStreams[i], heldSequences[i]);
            }
            held = 0;
            consumer.rollback();
            return true;
        }
        commit();
        return false;
    }

    /** At the end of the drain: acknowledges (commits) what is still open; the last transaction never rolls back. */
    void finish() throws Exception {
        if (unacked > 0) {
            unacked = 0;
            commit();
        }
    }

    private void commit() throws Exception {
        consumer.acknowledge();
        for (int i = 0; i < held; i++) {
            lane.tick(heldNanos[i], heldBytes[i]);
        }
        held = 0;
    }
}
