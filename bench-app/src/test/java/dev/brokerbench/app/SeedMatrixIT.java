package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.time.Duration;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.run.Requirements;
import dev.brokerbench.core.spi.DriverFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The six seed cases on every broker as a real local process, through the CLI: every message sent in the publish
 * phase is received exactly once in the consume phase, and unsupported cells are reported, not run.
 */
class SeedMatrixIT {
    /**
     * Kafka's share groups publish with kafka-clients' producer: their publish cases (c1-c4) would repeat that
     * path's, at the cost of a share group's first join each (5.5 s), so the share path runs its consume cases only.
     */
    private static final String SHARE_PATH = "kafka-share";
    private static final List<String> CONSUME_CASES = List.of("c5", "c6");

    @TempDir
    Path tmp;

    private String run(Path out, String... args) {
        ItSupport.Cli cli = ItSupport.bench(args);
        assertThat(cli.code()).as(cli.text()).isZero();
        return cli.text();
    }

    /** Cells the capability matrix declares runnable here, for the given path choice, as broker/path/case. */
    private static List<String> expectedCells(boolean allPaths, StringBuilder skipped) {
        Catalog catalog = Catalog.load();
        BrokerEnvironment env = new BrokerEnvironment(Path.of(System.getProperty("brokerbench.dist.dir")),
                Path.of("."), Duration.ofSeconds(60), "1g");
        List<String> expected = new ArrayList<>();
        for (BrokerDescriptor descriptor : ItSupport.brokersOnce()) {
            BrokerRuntime broker = catalog.runtime(descriptor.id(), RuntimeKind.LOCAL).orElseThrow();
            Optional<String> unavailable = broker.unavailableReason(env);
            if (unavailable.isPresent()) {
                skipped.append(descriptor.id()).append(": ").append(unavailable.get()).append('\n');
                continue;
            }
            for (DriverFactory path : allPaths ? catalog.compatiblePaths(descriptor) : catalog.defaultPaths(descriptor)) {
                for (Workload w : WorkloadCatalog.builtIn().all()) {
                    if (w.group().equals("seed") && Requirements.unmet(broker, path, w).isEmpty()
                            && !(allPaths && path.id().equals(SHARE_PATH) && !CONSUME_CASES.contains(w.name()))) {
                        expected.add(descriptor.id() + "/" + path.id() + "/" + w.name());
                    }
                }
            }
        }
        return expected;
    }

    private static String cell(RunResult r) {
        return r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name();
    }

    /**
     * One run of every broker through every client path (the default paths are among them): each cell the capability
     * matrix declares supported runs, accounts for every message, and unsupported cells are reported with the reason.
     */
    @Test
    void everySupportedCellOfEveryClientPathRunsExactly() throws Exception {
        Path out = tmp.resolve("all-paths");
        Catalog catalog = Catalog.load();
        List<String> paths = ItSupport.brokersOnce().stream().flatMap(b -> catalog.compatiblePaths(b).stream())
                .map(DriverFactory::id).distinct().filter(id -> !id.equals(SHARE_PATH)).toList();
        String allPaths = run(out, "run", "--warmup-seconds", "0", "--steal-retries", "0",
                "--runtime", "local", "--broker", ItSupport.brokersOnceArgument(), "--client", String.join(",", paths),
                "--case", "all", "--scale", ItSupport.scale(), "--out", out.toString(), "--heap", "1g");
        String console = ItSupport.brokersOnce().stream().noneMatch(b -> b.id().equals("kafka")) ? allPaths
                : allPaths + run(out, "run", "--warmup-seconds", "0", "--steal-retries", "0", "--runtime", "local",
                        "--broker", "kafka", "--client", SHARE_PATH, "--case", String.join(",", CONSUME_CASES),
                        "--scale", ItSupport.scale(), "--out", tmp.resolve("share").toString(), "--heap", "1g");

        StringBuilder skipped = new StringBuilder();
        List<String> expected = expectedCells(true, skipped);
        assertThat(skipped.toString()).as("brokers this machine cannot run; the run must say so with the hint")
                .satisfiesAnyOf(s -> assertThat(s).isEmpty(), s -> assertThat(console).contains("SKIPPED"));
        if (skipped.isEmpty()) {
            assertThat(expected).as("cells the capability matrix declares supported").hasSizeGreaterThan(20)
                    .containsAll(expectedCells(false, new StringBuilder())).contains(
                    "artemis/artemis-core-jms/c1", "activemq/openwire-jms/c2", "apollo/qpid-jms/c3",
                    "rabbitmq/rabbitmq-amqp091/c4", "rabbitmq/rabbitmq-jms/c5", "apollo/qpid-jms/c6",
                    "activemq/vertx-stomp/c1", "artemis/vertx-stomp/c4", "apollo/vertx-stomp/c5",
                    "rabbitmq/vertx-stomp/c6", "kafka/kafka-clients/c1", "kafka/kafka-clients/c3",
                    "kafka/kafka-clients/c5", "kafka/kafka-share/c5", "kafka/kafka-share/c6");
        }
        List<RunResult> results = new ArrayList<>(new ResultStore(out).readAll());
        if (Files.isDirectory(tmp.resolve("share"))) {
            results.addAll(new ResultStore(tmp.resolve("share")).readAll());
        }
        assertThat(results).extracting(SeedMatrixIT::cell).containsExactlyInAnyOrderElementsOf(expected);
        for (RunResult r : results) {
            Accounting a = r.accounting();
            assertThat(a.exact()).as(cell(r) + ": " + a.summary()).isTrue();
            assertThat(a.sent()).isEqualTo(r.workload().messages());
            assertThat(a.received()).isEqualTo(a.sent());
            assertThat(a.confirmed()).isEqualTo(a.sent());
            assertThat(r.status()).isEqualTo(Status.OK);
            assertThat(r.warmupAccounting().exact()).isTrue();
            PhaseResult reported = r.reportedPhase();
            assertThat(reported.rate().overall()).isPositive();
            if (reported.action() == Action.PUBLISH) {
                assertThat(reported.latency().count()).isEqualTo(a.sent());
                // the confirm latencies interval by interval, as HdrHistogram's reader reads them: every one
                assertThat(ItSupport.loggedLatencies(out.resolve(ResultStore.HISTOGRAMS).resolve(r.broker().brokerId() + "__"
                        + r.client().clientPath() + "__" + r.workload().name() + "__" + reported.name()
                        + "__confirm.hlog"))).as(cell(r)).isEqualTo(a.sent());
            }
            r.phases().forEach(p -> assertThat(p.errors()).as(cell(r) + " " + p.name()).isEmpty());
            assertThat(r.broker().version()).isNotBlank().isNotEqualTo("unknown");
            assertThat(r.client().version()).isNotBlank().isNotEqualTo("unknown");
            if (r.client().clientPath().equals("openwire-native-async") && r.workload().name().equals("c3")) {
                assertThat(r.reportedPhase().mode()).isEqualTo(PublishMode.ASYNC);
            }
        }
        results.stream().filter(r -> cell(r).equals("activemq/openwire-jms/c5"))
                .forEach(c5 -> assertThat(c5.phases().get(0).mode())
                        .as("fill falls back to sync where async is unsupported, recorded").isEqualTo(PublishMode.SYNC));

        assertThat(console).contains("c3 on activemq/openwire-jms: unsupported")
                .contains("UnsupportedOperationException");
        String markdown = Files.readString(out.resolve("summary.md"));
        assertThat(markdown).contains("| artemis | artemis-core-jms | c1 |").contains("## Not run");
    }
}
