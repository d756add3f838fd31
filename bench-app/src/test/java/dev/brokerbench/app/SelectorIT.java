package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.model.Selection;
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
 * A selector matching 10 % of a queue (m1 at 10, against the same consumers without one) on every broker through its
 * default client path, or the first path with selectors: the selecting consumers get exactly their share, the
 * plain consumers after them the rest, every message once. RabbitMQ (no selector on a queue consumer) and Kafka
 * (none at all) are left out, saying why.
 */
class SelectorIT {
    private static final String CASE = "m1";
    private static final List<Long> MATCHING = List.of(100L, 10L);

    @TempDir
    Path tmp;

    @Test
    void aSelectorsConsumersGetTheirShareAndThePlainOnesTheRest() throws Exception {
        Workload m1 = WorkloadCatalog.builtIn().find(CASE).orElseThrow();
        Map<String, List<String>> paths = ItSupport.pathsByBroker(m1.points().get(2), Set.of("rabbitmq", "kafka"));
        List<RunResult> results = ItSupport.runEveryBroker(tmp, CASE, paths,
                MATCHING.stream().map(n -> CASE + "." + n).toList(), "--sweep", "matchingPercent=100,10");

        for (RunResult r : results) {
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name();
            Accounting a = r.accounting();
            long messages = r.workload().messages();
            Selection selection = QueueCase.selectionOf(r.workload());
            assertThat(r.status()).as(cell + ": " + a.summary()).isEqualTo(Status.OK);
            assertThat(a.exact()).as(cell + ": " + a.summary()).isTrue();
            assertThat(a.received()).as(cell + ": the selector's share and the rest").isEqualTo(messages);
            long share = selection == null ? messages : java.util.stream.LongStream.range(0, messages / 4)
                    .filter(selection::matches).count() * 4;
            assertThat(r.reportedPhase().completed()).as(cell + ": what the selecting consumers got").isEqualTo(share);
        }
    }
}
