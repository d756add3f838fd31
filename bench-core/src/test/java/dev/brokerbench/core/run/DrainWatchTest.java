package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.brokerbench.core.metrics.ReceiveLedger;
import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.metrics.Streams;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Backlog;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.BacklogDrain;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A backlog's figures against a schedule written out by hand, so every expected value is known by construction: one
 * publisher sends ten messages 100 ns apart from 0 (six before the consumer starts at 550), the consumer receives
 * the six backlog messages, the last of them at 2,000, and the newer ones partly after that. Caught up is the receipt
 * of the last backlog message, and only when every message sent before the start arrived; newer messages that still
 * waited then are counted (issue 61 §3.6: Apollo's consumers "caught up" with about 43,000 newer messages waiting,
 * and a catch-up was given even when a backlog message never came).
 */
class DrainWatchTest {
    private static final long START = 550;

    private record Run(DrainWatch watch, ReceiveLedger ledger, long stream) {
        /** Message {@code sequence}, sent at {@code sequence * 100}, first received at {@code at}. */
        void receipt(long sequence, long at) {
            ledger.record(stream, sequence, false);
            watch.received(0, at, sequence * 100);
        }
    }

    private static Run run() {
        Phase live = new Phase("live", Action.LIVE, PublishMode.ASYNC, true);
        Workload w = Workload.of("l", List.of(live)).withClients(1).withMessages(10, 0).withQueue("q")
                .withShape(new LiveCase(live, null, null, null, new Backlog(4)));
        Streams streams = new Streams(1, 10);
        SendLedger sent = new SendLedger(streams);
        for (int i = 0; i < 10; i++) {
            sent.sent(0);
        }
        DrainWatch watch = DrainWatch.of(w, sent);
        watch.publishersStarted(0);
        watch.started(START, 4, new long[] {6}); // sequences 0-5 handed to the library by then
        return new Run(watch, ReceiveLedger.whilePublishing(sent), streams.id(0));
    }

    @Test
    void caughtUpIsTheLastBacklogReceiptAndNewerMessagesStillWaitingThenAreCounted() {
        Run r = run();
        long[] backlogAt = {600, 650, 700, 750, 800, 2000};
        for (int seq = 0; seq < 6; seq++) {
            r.receipt(seq, backlogAt[seq]);
        }
        r.receipt(6, 1500); // sent at 600: during the catch-up
        r.receipt(7, 2100); // sent at 700, 800, 900: before the catch-up instant, received after it
        r.receipt(8, 2200);
        r.receipt(9, 2300);

        BacklogDrain d = r.watch().result(r.ledger());

        assertThat(d.backlog()).isEqualTo(6);
        assertThat(d.sentBefore()).isEqualTo(6);
        assertThat(d.depth()).isEqualTo(4);
        assertThat(d.startSeconds()).isCloseTo(550e-9, within(1e-15));
        assertThat(d.catchUpSeconds()).isCloseTo(1450e-9, within(1e-15));
        assertThat(d.waitingAtCatchUp()).isEqualTo(3);
        assertThat(d.drainRate()).as("seven first receipts from 550 to 2,000").isCloseTo(7 / 1450e-9, within(1.0));
        assertThat(d.during().count()).isEqualTo(7);
        assertThat(d.after().count()).isEqualTo(3);
    }

    @Test
    void aBacklogMessageThatNeverArrivedMeansTheConsumersNeverCaughtUp() {
        Run r = run();
        long[] backlogAt = {600, 650, 700, 0, 800, 2000};
        for (int seq = 0; seq < 6; seq++) {
            if (seq != 3) {
                r.receipt(seq, backlogAt[seq]);
            }
        }
        for (int seq = 6; seq < 10; seq++) {
            r.receipt(seq, 2000 + seq * 100L);
        }

        BacklogDrain d = r.watch().result(r.ledger());

        assertThat(d.backlog()).isEqualTo(5);
        assertThat(d.sentBefore()).isEqualTo(6);
        assertThat(d.catchUpSeconds()).as("message 3 was sent before the start and never came").isNull();
        assertThat(d.drainRate()).isNull();
        assertThat(d.waitingAtCatchUp()).isNull();
        assertThat(d.during().count()).as("without a catch-up, every receipt came before it").isEqualTo(9);
        assertThat(d.after()).isNull();
    }
}
