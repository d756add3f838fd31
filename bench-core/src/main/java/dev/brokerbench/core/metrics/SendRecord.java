package dev.brokerbench.core.metrics;

import dev.brokerbench.core.io.Required;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A publish phase's {@link SendLedger} as data, stream by stream: what a shard keeps of its sends for an exact merge
 * with the other shards' (a stream another shard sends is empty here).
 *
 * @param tag        the phase's stream tag ({@link Streams#tag()})
 * @param streams    every stream of the phase, in client order
 * @param rolledBack sends that publishers' rollbacks discarded
 */
public record SendRecord(long tag, @Required List<Stream> streams, long rolledBack) {
    public SendRecord {
        streams = List.copyOf(streams);
    }

    /**
     * One stream.
     *
     * @param count     messages the stream was to send
     * @param sent      handed to the client library
     * @param confirmed sequence numbers the broker confirmed ({@link BitSet#toByteArray()})
     * @param failed    sequence numbers whose send or confirmation failed
     * @param taken     unconfirmed sends the library took
     */
    public record Stream(long count, long sent, @Required byte[] confirmed, @Required byte[] failed,
                         @Required byte[] taken) {
        public Stream {
            if (count < 0 || sent < 0 || sent > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("a stream's count and sent must be 0.." + Integer.MAX_VALUE
                        + ", got " + count + " and " + sent);
            }
        }

        BitSet confirmedSet() {
            return BitSet.valueOf(confirmed);
        }

        BitSet failedSet() {
            return BitSet.valueOf(failed);
        }

        BitSet expectedSet() {
            BitSet expected = confirmedSet();
            expected.or(BitSet.valueOf(taken));
            return expected;
        }

        Stream plus(Stream other) {
            if (count != other.count) {
                throw new IllegalArgumentException("streams of " + count + " and " + other.count + " messages");
            }
            return new Stream(count, sent + other.sent, or(confirmed, other.confirmed), or(failed, other.failed),
                    or(taken, other.taken));
        }
    }

    public static SendRecord of(SendLedger ledger) {
        List<Stream> streams = new ArrayList<>();
        for (int i = 0; i < ledger.streams().size(); i++) {
            streams.add(new Stream(ledger.streams().count(i), ledger.sentCount(i),
                    ledger.confirmedSet(i).toByteArray(), ledger.failedSet(i).toByteArray(),
                    ledger.takenSet(i).toByteArray()));
        }
        return new SendRecord(ledger.streams().tag(), streams, ledger.rolledBackTotal());
    }

    /**
     * The sends of two shards of the same phase together: each stream's counts added and its sets joined (each
     * stream is sent by one shard only, so nothing is counted twice).
     *
     * @throws IllegalArgumentException when the two are not of the same phase
     */
    public SendRecord plus(SendRecord other) {
        if (tag != other.tag || streams.size() != other.streams.size()) {
            throw new IllegalArgumentException("sends of different phases (tags " + tag + " and " + other.tag + ")");
        }
        List<Stream> joined = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) {
            joined.add(streams.get(i).plus(other.streams.get(i)));
        }
        return new SendRecord(tag, joined, rolledBack + other.rolledBack);
    }

    /** Messages the broker confirmed, or the library took unconfirmed: what a drain must receive. */
    public long expectedTotal() {
        return streams.stream().mapToLong(s -> s.expectedSet().cardinality()).sum();
    }

    static byte[] or(byte[] a, byte[] b) {
        BitSet set = BitSet.valueOf(a);
        set.or(BitSet.valueOf(b));
        return set.toByteArray();
    }
}
