package dev.brokerbench.core.metrics;

import dev.brokerbench.core.io.Required;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A drain's {@link ReceiveLedger} as data: what a shard's consumers received, stream by stream, kept for an exact
 * merge with the other shards' receipts (a message two shards both received is a duplicate).
 *
 * @param tag         the stream tag of the publish phase the receipts are of
 * @param streams     every stream of that phase, in client order
 * @param redelivered deliveries flagged as redelivered
 * @param foreign     deliveries of messages the phase did not send, nor an earlier phase of the run
 * @param earlier     deliveries of an earlier phase's messages (see {@link Streams})
 * @param rolledBack  receipts that consumers' rollbacks gave back
 */
public record ReceiptRecord(long tag, @Required List<Stream> streams, long redelivered, long foreign, long earlier,
                            long rolledBack) {
    public ReceiptRecord {
        streams = List.copyOf(streams);
    }

    /**
     * One stream.
     *
     * @param received   the sequence numbers received ({@link BitSet#toByteArray()})
     * @param duplicates deliveries of a sequence number received before, by these consumers
     */
    public record Stream(@Required byte[] received, long duplicates) {
        BitSet receivedSet() {
            return BitSet.valueOf(received);
        }
    }

    public static ReceiptRecord of(ReceiveLedger ledger) {
        List<Stream> streams = new ArrayList<>();
        for (int i = 0; i < ledger.streams().size(); i++) {
            streams.add(new Stream(ledger.receivedSet(i).toByteArray(), ledger.duplicates(i)));
        }
        return new ReceiptRecord(ledger.streams().tag(), streams, ledger.redelivered(),
                ledger.foreign() + ledger.outOfRange(), ledger.earlier(), ledger.rolledBack());
    }
}
