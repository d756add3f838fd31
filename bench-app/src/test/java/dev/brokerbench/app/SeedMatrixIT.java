package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import dev.brokerbench.app.catalog.Catalog;
import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.run.Requirements;
import dev.brokerbench.core.spi.DriverFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The six seed cases on real Artemis and ActiveMQ Classic processes, through the CLI: every message sent in the
 * publish phase is received exactly once in the consume phase, and unsupported cells are reported, not run.
 */
class SeedMatrixIT {
    @TempDir
    Path tmp;

    private String run(Path out, String... args) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        PrintStream original = System.out;
        int code;
        try (PrintStream capture = new PrintStream(stdout, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            code = BenchCli.execute(capture, capture, args);
        } finally {
            System.setOut(original);
        }
        String text = stdout.toString(StandardCharsets.UTF_8);
        original.println(text);
        assertThat(code).as(text).isZero();
        return text;
    }

    @Test
    void allSixCasesOnArtemisAndActiveMqAccountForEveryMessage() throws Exception {
        Path out = tmp.resolve("results");
        String console = run(out, "run", "--broker", "artemis,activemq", "--case", "all", "--scale", ItSupport.scale(),
                "--out", out.toString(), "--heap", "1g");

        List<RunResult> results = new ResultStore(out).readAll();
        assertThat(results).extracting(r -> r.broker().brokerId() + "/" + r.workload().name())
                .containsExactlyInAnyOrder("artemis/c1", "artemis/c2", "artemis/c3", "artemis/c4", "artemis/c5",
                        "artemis/c6", "activemq/c1", "activemq/c2", "activemq/c5", "activemq/c6");
        for (RunResult r : results) {
            Accounting a = r.accounting();
            assertThat(a.exact()).as(r.broker().brokerId() + " " + r.workload().name() + ": " + a.summary()).isTrue();
            assertThat(a.sent()).isEqualTo(r.workload().messages());
            assertThat(a.received()).isEqualTo(a.sent());
            assertThat(a.confirmed()).isEqualTo(a.sent());
            assertThat(r.status()).isEqualTo("ok");
            assertThat(r.warmupAccounting().exact()).isTrue();
            PhaseResult reported = r.reportedPhase();
            assertThat(reported.rate().overall()).isPositive();
            if (reported.action() == Action.PUBLISH) {
                assertThat(reported.latency().count()).isEqualTo(a.sent());
            }
            assertThat(r.broker().version()).isNotBlank().isNotEqualTo("unknown");
            assertThat(r.client().version()).isNotBlank().isNotEqualTo("unknown");
        }
        RunResult c5 = results.stream().filter(r -> r.broker().brokerId().equals("activemq")
                && r.workload().name().equals("c5")).findFirst().orElseThrow();
        assertThat(c5.phases().get(0).mode()).as("fill falls back to sync where async is unsupported, recorded")
                .isEqualTo(PublishMode.SYNC);

        assertThat(console).contains("c3 on activemq/openwire-jms: unsupported")
                .contains("UnsupportedOperationException");
        String markdown = Files.readString(out.resolve("summary.md"));
        assertThat(markdown).contains("| artemis | artemis-core-jms | c1 |").contains("## Not run");
    }

    @Test
    void everySupportedCellOfEveryClientPathRunsExactly() throws Exception {
        Path out = tmp.resolve("all-paths");
        run(out, "run", "--broker", "all", "--client", "all", "--case", "all", "--scale", ItSupport.scale(),
                "--out", out.toString(), "--heap", "1g");

        Catalog catalog = Catalog.load();
        List<String> expected = new ArrayList<>();
        for (BrokerRuntime broker : catalog.brokers()) {
            for (DriverFactory path : catalog.paths()) {
                for (Workload w : WorkloadCatalog.builtIn().all()) {
                    if (Requirements.unmet(broker, path, w).isEmpty()) {
                        expected.add(broker.brokerId() + "/" + path.id() + "/" + w.name());
                    }
                }
            }
        }
        assertThat(expected).as("cells the capability matrix declares supported").hasSizeGreaterThan(20);
        List<RunResult> results = new ResultStore(out).readAll();
        assertThat(results).extracting(r -> r.broker().brokerId() + "/" + r.client().clientPath() + "/"
                + r.workload().name()).containsExactlyInAnyOrderElementsOf(expected);
        for (RunResult r : results) {
            assertThat(r.accounting().exact()).as(r.broker().brokerId() + "/" + r.client().clientPath() + "/"
                    + r.workload().name() + ": " + r.accounting().summary()).isTrue();
            if (r.client().clientPath().equals("openwire-native-async") && r.workload().name().equals("c3")) {
                assertThat(r.reportedPhase().mode()).isEqualTo(PublishMode.ASYNC);
            }
        }
    }
}
