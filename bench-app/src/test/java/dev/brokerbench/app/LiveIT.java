package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.run.Requirements;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.DriverFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paced live case (publishers and consumers at once, 2,000 msg/s) on every broker through its default client
 * path, or the first path that publishes async where the default cannot (ActiveMQ Classic's JMS path): every message
 * arrives once, each first receipt is timed from its intended send, and the publishers hold to the schedule.
 */
class LiveIT {
    private static final String CASE = "l2";

    @TempDir
    Path tmp;

    @Test
    void everyBrokerDeliversEveryMessageOnceAndTimesItFromItsIntendedSend() throws Exception {
        Workload live = WorkloadCatalog.builtIn().find(CASE).orElseThrow();
        Map<String, List<String>> paths = ItSupport.pathsByBroker(live);
        List<Path> outs = new ArrayList<>();
        List<RunResult> results = new ArrayList<>();
        for (ItSupport.PathRun run : ItSupport.runsFor(paths)) {
            Path out = tmp.resolve("run" + outs.size());
            ItSupport.Cli cli = ItSupport.bench(run.args("run", "--warmup-seconds", "0", "--steal-retries", "0",
                    "--runtime", "local", "--case", CASE, "--scale", ItSupport.scale(), "--out", out.toString(),
                    "--heap", "1g"));
            assertThat(cli.code()).as(cli.text()).isZero();
            assertThat(cli.text()).contains("Live: publish and consume at once").contains("end-to-end p50");
            outs.add(out);
            results.addAll(new ResultStore(out).readAll());
        }

        List<String> expected = new ArrayList<>();
        paths.forEach((broker, ids) -> ids.forEach(id -> expected.add(broker + "/" + id)));
        assertThat(results).extracting(r -> r.broker().brokerId() + "/" + r.client().clientPath())
                .containsExactlyInAnyOrderElementsOf(expected);
        for (RunResult r : results) {
            String cell = r.broker().brokerId() + "/" + r.client().clientPath();
            Accounting a = r.accounting();
            assertThat(r.status()).as(cell + ": " + a.summary()).isEqualTo(Status.OK);
            assertThat(a.exact()).isTrue();
            assertThat(a.received()).isEqualTo(a.sent()).isEqualTo(r.workload().messages());
            assertThat(r.phases()).extracting(PhaseResult::action).containsExactly(Action.PUBLISH, Action.LIVE);
            PhaseResult publishers = r.phases().get(0);
            PhaseResult consumers = r.reportedPhase();
            assertThat(consumers.endToEnd().count()).as(cell + ": one latency per first receipt")
                    .isEqualTo(a.received());
            assertThat(publishers.latency().count()).as(cell + ": one confirm latency per send").isEqualTo(a.sent());
            // each latency lies within the phase: from a send (not from some other clock's zero) to a receipt
            assertThat(consumers.endToEnd().maxMicros()).as(cell)
                    .isLessThanOrEqualTo(consumers.activeSeconds() * 1e6 + 1000);
            // the publishers held to the schedule: 4 clients x 500 msg/s
            double scheduled = r.workload().clients() * r.workload().ratePerSecond();
            assertThat(publishers.rate().overall()).as(cell).isLessThanOrEqualTo(scheduled * 1.15);
            assertThat(publishers.sendDelay().count()).isEqualTo(a.sent());
            Path log = outs.stream().map(o -> o.resolve(ResultStore.HISTOGRAMS).resolve(r.broker().brokerId() + "__"
                    + r.client().clientPath() + "__" + CASE + "__" + consumers.name() + "__end-to-end.hlog"))
                    .filter(Files::exists).findFirst().orElseThrow();
            assertThat(ItSupport.loggedLatencies(log)).as(cell + ": the end-to-end log holds every first receipt")
                    .isEqualTo(a.received());
        }
    }
}
