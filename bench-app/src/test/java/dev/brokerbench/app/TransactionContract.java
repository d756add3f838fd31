package dev.brokerbench.app;

import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.assertj.core.api.SoftAssertions;

/**
 * The driver contract's transactions check: a publisher's rolled-back batch never reaches the queue and its
 * committed one does; a consumer's rolled-back receipts are all delivered again (flagged as redeliveries where the
 * pair flags them) and its commit takes them off the queue. At least once: whether a rollback ever hands a message
 * twice is what the rollback case's exact accounting (x3) measures.
 */
final class TransactionContract {
    /** Messages per transaction. */
    static final int BATCH = 10;
    private static final int BODY = 64;

    private TransactionContract() {
    }

    /** @param driver a driver whose consumers are transacted ({@code ackBatch} {@link #BATCH}) */
    static void check(Driver driver, String queue, String pair, boolean flags, SoftAssertions soft) throws Exception {
        long stream = ThreadLocalRandom.current().nextLong(1, 1L << 40);
        try (Publisher publisher = driver.publisher(queue, PublishMode.TRANSACTED)) {
            for (int seq = 0; seq < 2 * BATCH; seq++) {
                publisher.sendTransacted(new Stamp(stream, seq, System.nanoTime()), new byte[BODY]);
                if (seq == BATCH - 1) {
                    publisher.rollback();
                }
            }
            publisher.commit();
        }
        List<Long> committed = LongStream.range(BATCH, 2 * BATCH).boxed().toList();
        try (Consumer consumer = driver.consumer(queue)) {
            consumer.start();
            Received first = Received.all(consumer, BATCH, false);
            consumer.rollback();
            Received again = Received.all(consumer, BATCH, true);
            soft.assertThat(first.sequences(stream)).as("%s transactions: what a publisher committed, not what it"
                    + " rolled back", pair).containsExactlyInAnyOrderElementsOf(committed);
            soft.assertThat(Set.copyOf(again.sequences(stream))).as("%s transactions: a consumer's rolled-back"
                    + " receipts delivered again", pair).isEqualTo(Set.copyOf(committed));
            if (flags) {
                soft.assertThat(again.redeliveredSequences(stream).stream().collect(Collectors.toSet()))
                        .as("%s transactions: flagged as redelivered", pair).isEqualTo(Set.copyOf(committed));
            }
        }
    }
}
