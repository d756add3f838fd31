package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fan-out through durable subscriptions (t2, 1 and 4 subscribers) on every broker through its default client path,
 * or the first path that publishes async where the default cannot: every subscriber receives every message once,
 * each accounted apart, and each subscription is gone again after its pass.
 */
class TopicIT {
    private static final String CASE = "t2";
    private static final List<Long> SUBSCRIBERS = List.of(1L, 4L);

    @TempDir
    Path tmp;

    @Test
    void everyDurableSubscriberReceivesEveryMessageOnce() throws Exception {
        Workload topic = WorkloadCatalog.builtIn().find(CASE).orElseThrow();
        Map<String, List<String>> paths = ItSupport.pathsByBroker(topic.points().get(0));
        List<RunResult> results = ItSupport.runEveryBroker(tmp, CASE, paths,
                SUBSCRIBERS.stream().map(n -> CASE + "." + n).toList(), "--sweep", "subscribers=1,4");
        assertThat(results).anySatisfy(r -> assertThat(r.accounting().summary()).contains("owed to 4 subscribers"));
        for (RunResult r : results) {
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name();
            Accounting a = r.accounting();
            int subscribers = LiveCase.of(r.workload()).topic().subscribers();
            long messages = r.workload().messages();
            assertThat(r.status()).as(cell + ": " + a.summary()).isEqualTo(Status.OK);
            assertThat(a.exact()).as(cell + ": " + a.summary()).isTrue();
            assertThat(a.perSubscriber()).as(cell).hasSize(subscribers)
                    .allSatisfy(s -> assertThat(s.received()).as(cell + " subscriber " + s.subscriber())
                            .isEqualTo(messages));
            assertThat(a.received()).as(cell).isEqualTo(messages * subscribers);
            PhaseResult publishers = r.phases().get(0);
            PhaseResult delivered = r.reportedPhase();
            assertThat(r.phases()).extracting(PhaseResult::action).containsExactly(Action.PUBLISH, Action.LIVE);
            assertThat(publishers.completed()).as(cell + ": messages published once").isEqualTo(messages);
            assertThat(delivered.completed()).as(cell + ": every subscriber's first receipts")
                    .isEqualTo(messages * subscribers);
            assertThat(delivered.endToEnd().count()).as(cell).isEqualTo(messages * subscribers);
        }
    }
}
