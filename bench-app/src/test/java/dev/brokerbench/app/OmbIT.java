package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three OpenMessaging Benchmark workload files of omb-workloads/ (a max-rate search, a fixed rate, a backlog drain)
 * on Kafka and Artemis: every message accounted, and each live cell's OMB result file read back against the field
 * names of OMB's TestResult, its series one per 10 s window and its rates adding up to what was sent.
 */
@Wide
class OmbIT {
    /** OMB's TestResult fields: those every file must have, by kind. */
    private static final List<String> NUMBERS = List.of("messageSize", "topics", "partitions", "producersPerTopic",
            "consumersPerTopic");
    private static final List<String> SERIES = List.of("publishRate", "publishErrorRate", "consumeRate", "backlog");
    private static final List<String> LATENCY_FAMILIES = List.of("publishLatency", "publishDelayLatency",
            "endToEndLatency");
    private static final List<String> FIGURES = List.of("Avg", "50pct", "75pct", "95pct", "99pct", "999pct",
            "9999pct", "99999pct", "Max");
    private static final List<String> QUANTILE_MAPS = List.of("aggregatedPublishLatencyQuantiles",
            "aggregatedPublishDelayLatencyQuantiles", "aggregatedEndToEndLatencyQuantiles");
    private static final String SCALE = "0.02";

    @TempDir
    Path tmp;

    @Test
    void ombFilesRunOnKafkaAndArtemisAndTheirResultsReadAsOmbs() throws Exception {
        List<RunResult> results = new ArrayList<>();
        List<Path> written = new ArrayList<>();
        for (String file : List.of("max-rate-1kb.yaml", "fixed-rate-1kb-2000.yaml", "backlog-drain-1kb.yaml")) {
            Path out = tmp.resolve("run-" + file);
            Path omb = tmp.resolve("omb-" + file);
            ItSupport.Cli cli = ItSupport.bench("run", "--runtime", "local", "--broker", "artemis,kafka",
                    "--omb-workload", Path.of("..", "omb-workloads", file).toString(), "--scale", SCALE,
                    "--warmup-seconds", "0", "--steal-retries", "0", "--out", out.toString(), "--omb-results",
                    omb.toString(), "--heap", "1g");
            assertThat(cli.code()).as(cli.text()).isZero();
            assertThat(cli.text()).contains("OpenMessaging Benchmark results: 2 file(s)");
            results.addAll(new ResultStore(out).readAll());
            try (Stream<Path> files = Files.list(omb)) {
                written.addAll(files.toList());
            }
        }
        assertThat(results).extracting(r -> r.broker().brokerId()).containsOnly("artemis", "kafka").hasSize(6);
        for (RunResult r : results) {
            Accounting a = r.accounting();
            assertThat(r.status()).as(r.cellId() + ": " + a.summary()).isEqualTo(Status.OK);
            assertThat(a.exact()).isTrue();
            assertThat(a.received()).isEqualTo(a.sent()).isEqualTo(r.workload().messages());
        }
        assertThat(written).hasSize(6);
        ObjectMapper json = new ObjectMapper();
        for (Path file : written) {
            JsonNode node = json.readTree(file.toFile());
            String cell = file.getFileName().toString();
            assertThat(node.path("workload").isTextual()).as(cell).isTrue();
            assertThat(node.path("driver").asText()).as(cell).startsWith("brokerbench ");
            NUMBERS.forEach(f -> assertThat(node.path(f).isNumber()).as(cell + " " + f).isTrue());
            int windows = node.path("publishRate").size();
            assertThat(windows).as(cell).isPositive();
            SERIES.forEach(f -> assertThat(node.path(f).isArray() && node.path(f).size() == windows)
                    .as(cell + " " + f).isTrue());
            for (String family : LATENCY_FAMILIES) {
                for (String figure : FIGURES) {
                    assertThat(node.path(family + figure).isArray() && node.path(family + figure).size() == windows)
                            .as(cell + " " + family + figure).isTrue();
                    assertThat(node.path("aggregated" + Character.toUpperCase(family.charAt(0)) + family.substring(1)
                            + figure).isNumber()).as(cell + " aggregated " + family + figure).isTrue();
                }
            }
            QUANTILE_MAPS.forEach(f -> assertThat(node.path(f).isObject() && node.path(f).has("99.0"))
                    .as(cell + " " + f).isTrue());
            // the windows' rates add up to the messages: each window's rate times its length
            RunResult r = results.stream().filter(x -> cell.startsWith(x.cellId().fileStem() + ".")).findFirst()
                    .orElseThrow(() -> new AssertionError("no result for " + cell));
            double sent = 0;
            double seconds = r.phases().get(0).activeSeconds();
            for (int w = 0; w < windows; w++) {
                sent += node.path("publishRate").get(w).asDouble() * Math.min(10, seconds - 10 * w);
            }
            assertThat(sent).as(cell).isCloseTo(r.accounting().sent(), org.assertj.core.data.Percentage
                    .withPercentage(2));
            assertThat(node.path("aggregatedEndToEndLatency50pct").asDouble()).as(cell)
                    .isCloseTo(r.reportedPhase().endToEnd().p50Micros() / 1000, org.assertj.core.data.Percentage
                            .withPercentage(2));
        }
    }
}
