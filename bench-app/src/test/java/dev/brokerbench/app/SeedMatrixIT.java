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
    /** The brokers that run as JVMs the suite starts, each writing its GC log. */
    private static final java.util.Set<String> JVM_BROKERS = java.util.Set.of("artemis", "activemq", "apollo", "kafka");

    @TempDir
    Path tmp;

    private String run(Path out, String... args) {
        ItSupport.Cli cli = ItSupport.bench(args);
        assertThat(cli.code()).as(cli.text()).isZero();
        return cli.text();
    }

    /**
     * Cells the capability matrix declares runnable here, as broker/path/case, through each broker's default client
     * paths ({@code defaults}) or through its other compatible paths.
     */
    private static List<String> expectedCells(boolean defaults, StringBuilder skipped) {
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
            for (DriverFactory path : paths(catalog, descriptor, defaults)) {
                for (Workload w : WorkloadCatalog.builtIn().all()) {
                    if (w.group().equals("seed") && Requirements.unmet(broker, path, w).isEmpty()
                            && !(path.id().equals(SHARE_PATH) && !CONSUME_CASES.contains(w.name()))) {
                        expected.add(descriptor.id() + "/" + path.id() + "/" + w.name());
                    }
                }
            }
        }
        return expected;
    }

    /** A broker's default client paths, or its compatible paths that are not among them. */
    private static List<DriverFactory> paths(Catalog catalog, BrokerDescriptor broker, boolean defaults) {
        List<DriverFactory> defaultPaths = catalog.defaultPaths(broker);
        return defaults ? defaultPaths
                : catalog.compatiblePaths(broker).stream().filter(p -> !defaultPaths.contains(p)).toList();
    }

    private static String cell(RunResult r) {
        return r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name();
    }

    /**
     * Every broker through its default client paths, as a user's first run has it: each cell the capability matrix
     * declares supported runs, accounts for every message, and unsupported cells are reported with the reason.
     */
    @Test
    void everySupportedCellOfTheDefaultPathsRunsExactly() throws Exception {
        Path out = tmp.resolve("default-paths");
        String console = run(out, "run", "--warmup-seconds", "0", "--steal-retries", "0",
                "--runtime", "local", "--broker", ItSupport.brokersOnceArgument(), "--case", "all", "--scale",
                ItSupport.scale(), "--out", out.toString(), "--heap", "1g");
        StringBuilder skipped = new StringBuilder();
        List<String> expected = expectedCells(true, skipped);
        assertSkippedSaid(skipped, console);
        if (skipped.isEmpty()) {
            assertThat(expected).as("cells the capability matrix declares supported").hasSizeGreaterThan(20)
                    .contains("artemis/artemis-core-jms/c1", "activemq/openwire-jms/c2", "apollo/qpid-jms/c3",
                            "rabbitmq/rabbitmq-amqp091/c4", "rabbitmq/rabbitmq-jms/c5", "apollo/qpid-jms/c6",
                            "kafka/kafka-clients/c1", "kafka/kafka-clients/c3", "kafka/kafka-clients/c5");
        }
        List<RunResult> results = new ResultStore(out).readAll();
        assertEveryCellExact(out, results, expected);
        results.stream().filter(r -> cell(r).equals("activemq/openwire-jms/c5"))
                .forEach(c5 -> assertThat(c5.phases().get(0).mode())
                        .as("fill falls back to sync where async is unsupported, recorded").isEqualTo(PublishMode.SYNC));
        assertThat(console).contains("c3 on activemq/openwire-jms: unsupported")
                .contains("UnsupportedOperationException");
        String markdown = Files.readString(out.resolve("summary.md"));
        assertThat(markdown).contains("| artemis | artemis-core-jms | c1 |").contains("## Not run");
    }

    /**
     * Every broker through each of its other client paths (Kafka's share groups for their consume cases only): the
     * same exact account in every cell the matrix declares supported.
     */
    @Test
    @Wide
    void everySupportedCellOfTheOtherClientPathsRunsExactly() throws Exception {
        Path out = tmp.resolve("other-paths");
        Catalog catalog = Catalog.load();
        List<String> paths = ItSupport.brokersOnce().stream().flatMap(b -> paths(catalog, b, false).stream())
                .map(DriverFactory::id).distinct().filter(id -> !id.equals(SHARE_PATH)).toList();
        String console = run(out, "run", "--warmup-seconds", "0", "--steal-retries", "0",
                "--runtime", "local", "--broker", ItSupport.brokersOnceArgument(), "--client", String.join(",", paths),
                "--case", "all", "--scale", ItSupport.scale(), "--out", out.toString(), "--heap", "1g");
        // a path that is a default on one broker and not on another ran on both: only its non-default cells count
        List<RunResult> results = new ArrayList<>();
        StringBuilder skipped = new StringBuilder();
        List<String> expected = expectedCells(false, skipped);
        new ResultStore(out).readAll().stream().filter(r -> expected.contains(cell(r))).forEach(results::add);
        if (ItSupport.brokersOnce().stream().anyMatch(b -> b.id().equals("kafka"))) {
            Path share = tmp.resolve("share");
            console += run(share, "run", "--warmup-seconds", "0", "--steal-retries", "0", "--runtime", "local",
                    "--broker", "kafka", "--client", SHARE_PATH, "--case", String.join(",", CONSUME_CASES),
                    "--scale", ItSupport.scale(), "--out", share.toString(), "--heap", "1g");
            results.addAll(new ResultStore(share).readAll());
        }
        assertSkippedSaid(skipped, console);
        if (skipped.isEmpty()) {
            assertThat(expected).as("cells the capability matrix declares supported").hasSizeGreaterThan(20)
                    .contains("artemis/qpid-jms/c3", "activemq/vertx-stomp/c1", "artemis/vertx-stomp/c4",
                            "apollo/vertx-stomp/c5", "rabbitmq/vertx-stomp/c6", "kafka/kafka-share/c5",
                            "kafka/kafka-share/c6");
        }
        assertEveryCellExact(out, results, expected);
    }

    private static void assertSkippedSaid(StringBuilder skipped, String console) {
        assertThat(skipped.toString()).as("brokers this machine cannot run; the run must say so with the hint")
                .satisfiesAnyOf(s -> assertThat(s).isEmpty(), s -> assertThat(console).contains("SKIPPED"));
    }

    /** Exactly the expected cells ran, each received every message it sent once, its latencies logged. */
    private static void assertEveryCellExact(Path out, List<RunResult> results, List<String> expected)
            throws java.io.IOException {
        assertThat(results).extracting(SeedMatrixIT::cell).containsExactlyInAnyOrderElementsOf(expected);
        for (RunResult r : results) {
            Accounting a = r.accounting();
            assertThat(a.exact()).as(cell(r) + ": " + a.summary()).isTrue();
            assertThat(a.sent()).isEqualTo(r.workload().messages());
            assertThat(a.confirmed()).isEqualTo(a.sent());
            assertThat(r.status()).isEqualTo(Status.OK);
            assertThat(r.warmupAccounting().exact()).isTrue();
            PhaseResult reported = r.reportedPhase();
            assertThat(reported.rate().overall()).isPositive();
            if (reported.action() == Action.PUBLISH) {
                assertThat(reported.latency().count()).isEqualTo(a.sent());
                // the confirm latencies interval by interval, as HdrHistogram's reader reads them: every one
                assertThat(ItSupport.loggedLatencies(out.resolve(ResultStore.HISTOGRAMS).resolve(r.broker().brokerId()
                        + "__" + r.client().clientPath() + "__" + r.workload().name() + "__" + reported.name()
                        + "__confirm.hlog"))).as(cell(r)).isEqualTo(a.sent());
            }
            r.phases().forEach(p -> assertThat(p.errors()).as(cell(r) + " " + p.name()).isEmpty());
            if (JVM_BROKERS.contains(r.broker().brokerId())) {
                // its JVM wrote a GC log from its start, read at the cell's end (none in a short cell is 0 pauses)
                assertThat(r.brokerGc()).as(cell(r) + ": the broker's GC figures").isNotNull();
                assertThat(r.brokerGc().pausedShare()).isBetween(0.0, 1.0);
                assertThat(r.brokerGc().fullCollections()).isBetween(0, r.brokerGc().pauses());
            } else if (r.broker().brokerId().equals("rabbitmq")) {
                assertThat(r.brokerGc()).as(cell(r) + ": Erlang writes no JVM GC log").isNull();
            }
            assertThat(r.broker().version()).isNotBlank().isNotEqualTo("unknown");
            assertThat(r.client().version()).isNotBlank().isNotEqualTo("unknown");
            if (r.client().clientPath().equals("openwire-native-async") && r.workload().name().equals("c3")) {
                assertThat(r.reportedPhase().mode()).isEqualTo(PublishMode.ASYNC);
            }
        }
    }
}
