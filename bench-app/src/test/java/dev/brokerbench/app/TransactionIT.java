package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transactions that roll back (x3: publishers and consumers in transactions of 10, every 10th rolled back) on every
 * broker through its default client path, or the first path with transactions where the default has none: every
 * rolled-back send was sent again and arrived once, every rolled-back receipt was delivered again, flagged, and
 * received once (Apollo over OpenWire, declared not equivalent, may hand some twice: each is a flagged duplicate).
 * Kafka has no path with transactions (the capability matrix says why) and is left out, saying so.
 */
class TransactionIT {
    private static final String CASE = "x3";
    /** 2,000 messages: 500 per client, 50 transactions each, so every client rolls back 5 (a 10th of them). */
    private static final String SCALE = "0.01";

    @TempDir
    Path tmp;

    @Test
    void rolledBackSendsAndReceiptsAreCountedExactly() throws Exception {
        Workload x3 = WorkloadCatalog.builtIn().find(CASE).orElseThrow();
        Map<String, List<String>> paths = ItSupport.pathsByBroker(x3, Set.of("kafka"));
        List<RunResult> results = ItSupport.runEveryBroker(tmp, CASE, paths, List.of(CASE), "--scale", SCALE);

        for (RunResult r : results) {
            String cell = r.broker().brokerId() + "/" + r.client().clientPath();
            Accounting a = r.accounting();
            long messages = r.workload().messages();
            int batch = r.workload().ackBatch();
            // a pair whose transactions are not equivalent (Apollo over OpenWire hands some rolled-back messages
            // twice) may show duplicates, each flagged; nothing may be lost
            boolean twice = r.caveats().stream().anyMatch(c -> c.startsWith("transactions not equivalent"));
            long duplicates = twice ? a.duplicates() : 0;
            assertThat(r.status()).as(cell + ": " + a.summary()).isIn(twice ? Set.of(Status.OK, Status.DUP)
                    : Set.of(Status.OK));
            assertThat(a.duplicates()).as(cell + ": " + a.summary()).isEqualTo(duplicates);
            assertThat(a.lost()).as(cell + ": " + a.summary()).isZero();
            assertThat(a.received()).as(cell + ": " + a.summary()).isEqualTo(messages);
            assertThat(r.phases().get(0).mode()).isEqualTo(PublishMode.TRANSACTED);
            // each publisher: 500 messages in 50 commits, its 10th, 20th, ... 50th attempt rolled back
            assertThat(a.rollbacks().sends()).as(cell + ": " + a.summary())
                    .isEqualTo(r.workload().clients() * 5L * batch);
            assertThat(a.rollbacks().receipts()).as(cell + ": rolled back by the consumers").isPositive();
            if (duplicates == 0) { // a duplicate in a rolled-back transaction was not a first receipt to give back
                assertThat(a.rollbacks().receipts()).as(cell + ": whole transactions")
                        .matches(n -> n % batch == 0, "a multiple of " + batch);
            }
            assertThat(a.redelivered()).as(cell + ": every rolled-back receipt came back flagged, nothing else")
                    .isEqualTo(a.rollbacks().receipts() + duplicates);
            assertThat(r.reportedPhase().completed()).as(cell + ": each message counted once").isEqualTo(messages);
        }
    }
}
