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

    /** Per broker, the client paths to run the case on: its default paths that can, else the first that can. */
    private static Map<String, List<String>> pathsByBroker(Workload live) {
        Catalog catalog = Catalog.load();
        BrokerEnvironment env = new BrokerEnvironment(Path.of(System.getProperty("brokerbench.dist.dir")),
                Path.of("."), Duration.ofSeconds(60), "1g");
        Map<String, List<String>> paths = new LinkedHashMap<>();
        for (BrokerDescriptor descriptor : ItSupport.brokersOnce()) {
            BrokerRuntime broker = catalog.runtime(descriptor.id(), RuntimeKind.LOCAL).orElseThrow();
            assertThat(broker.unavailableReason(env)).as(descriptor.id()).isEmpty();
            List<String> able = catalog.defaultPaths(descriptor).stream()
                    .filter(p -> Requirements.unmet(broker, p, live).isEmpty()).map(DriverFactory::id).toList();
            if (able.isEmpty()) {
                able = catalog.compatiblePaths(descriptor).stream()
                        .filter(p -> Requirements.unmet(broker, p, live).isEmpty()).map(DriverFactory::id)
                        .limit(1).toList();
            }
            assertThat(able).as("a client path of " + descriptor.id() + " that runs " + CASE).isNotEmpty();
            paths.put(descriptor.id(), able);
        }
        return paths;
    }

    @Test
    void everyBrokerDeliversEveryMessageOnceAndTimesItFromItsIntendedSend() throws Exception {
        Workload live = WorkloadCatalog.builtIn().find(CASE).orElseThrow();
        Map<String, List<String>> paths = pathsByBroker(live);
        // one run for the brokers whose default paths run it, one per broker that needs another path
        Map<List<String>, List<String>> runs = new LinkedHashMap<>();
        Catalog catalog = Catalog.load();
        paths.forEach((broker, ids) -> {
            BrokerDescriptor d = catalog.brokers().stream().filter(b -> b.id().equals(broker)).findFirst().orElseThrow();
            boolean defaults = catalog.defaultPaths(d).stream().map(DriverFactory::id).toList().equals(ids);
            runs.computeIfAbsent(defaults ? List.of() : ids, k -> new ArrayList<>()).add(broker);
        });
        List<RunResult> results = new ArrayList<>();
        List<Path> outs = new ArrayList<>();
        for (Map.Entry<List<String>, List<String>> run : runs.entrySet()) {
            Path out = tmp.resolve("run" + outs.size());
            List<String> args = new ArrayList<>(List.of("run", "--warmup-seconds", "0", "--steal-retries", "0",
                    "--runtime", "local", "--broker", String.join(",", run.getValue()), "--case", CASE, "--scale",
                    ItSupport.scale(), "--out", out.toString(), "--heap", "1g"));
            if (!run.getKey().isEmpty()) {
                args.addAll(List.of("--client", String.join(",", run.getKey())));
            }
            ItSupport.Cli cli = ItSupport.bench(args.toArray(String[]::new));
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
