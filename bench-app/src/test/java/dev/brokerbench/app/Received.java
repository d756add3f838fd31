package dev.brokerbench.app;

import dev.brokerbench.core.spi.Consumer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What a consumer received in a driver contract check: every delivery's stamp, size and redelivery flag. */
final class Received {
    /** What a started consumer receives until it has {@code expected} and then nothing more for a while. */
    static Received all(Consumer consumer, int expected, boolean acknowledge) throws Exception {
        Received got = new Received();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long quietSince = System.nanoTime();
        // a duplicate would be on the queue already: 0.5 s; with nothing expected (the prefetch drain: what
        // the broker hands a draining consumer arrives within milliseconds), 1 s after the last message, 8 s
        // before the first (a Kafka consumer joins its group first: the first member of a new share group got
        // its first records after 5.5 s, kafka-clients 4.4.0, 2026-11-24)
        long quiet = TimeUnit.MILLISECONDS.toNanos(expected > 0 ? 500 : 1000);
        long firstWait = TimeUnit.SECONDS.toNanos(8);
        while (System.nanoTime() < deadline) {
            if (consumer.receive(100, got::add)) {
                quietSince = System.nanoTime();
            } else if (got.total >= expected
                    && System.nanoTime() - quietSince > (got.total == 0 ? firstWait : quiet)) {
                break;
            }
        }
        if (acknowledge) {
            consumer.acknowledge();
        }
        return got;
    }

    final List<long[]> deliveries = new ArrayList<>();
    long total;
    long redelivered;

    void add(long stream, long sequence, long sendNanos, int bytes, boolean redelivered) {
        deliveries.add(new long[] {stream, sequence, sendNanos, bytes, redelivered ? 1 : 0});
        total++;
        this.redelivered += redelivered ? 1 : 0;
    }

    /** How often each sequence number 0..messages-1 of the stream arrived. */
    int[] counts(long stream, int messages) {
        int[] counts = new int[messages];
        deliveries.stream().filter(d -> d[0] == stream && d[1] >= 0 && d[1] < messages)
                .forEach(d -> counts[(int) d[1]]++);
        return counts;
    }

    /** Deliveries of another stream, or outside 0..messages-1. */
    long foreign(long stream, int messages) {
        return deliveries.stream().filter(d -> d[0] != stream || d[1] < 0 || d[1] >= messages).count();
    }

    long sizesOtherThan(int bytes) {
        return deliveries.stream().filter(d -> d[3] != bytes).count();
    }

    long wrongSendTime(long stream, long[] sentAt) {
        return deliveries.stream().filter(d -> d[0] == stream && d[1] >= 0 && d[1] < sentAt.length)
                .filter(d -> d[2] != sentAt[(int) d[1]]).count();
    }

    /** The sequence numbers of the stream's deliveries, in arrival order (a duplicate twice). */
    List<Long> sequences(long stream) {
        return deliveries.stream().filter(d -> d[0] == stream).map(d -> d[1]).toList();
    }

    List<Long> redeliveredSequences(long stream) {
        return deliveries.stream().filter(d -> d[0] == stream && d[4] == 1).map(d -> d[1]).toList();
    }
}
