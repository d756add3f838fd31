package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus (Debian's package) scrapes a run's {@code --metrics-port} every second; afterwards every query of
 * the shipped Grafana dashboard (grafana/brokerbench-dashboard.json) names series Prometheus holds, and evaluated over
 * the run's time it returns data.
 */
@Wide
class PrometheusIT {
    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
    private static final Path DASHBOARD = Path.of("..", "grafana", "brokerbench-dashboard.json");
    private static final Pattern METRIC = Pattern.compile("brokerbench_[a-z_]+");
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void everyDashboardQueryNamesSeriesPrometheusScrapedFromARun() throws Exception {
        assertThat(PROMETHEUS).as("Prometheus: apt-get install prometheus (.ci/run installs it)").isExecutable();
        int metricsPort = freePort();
        int prometheusPort = freePort();
        Path config = Files.writeString(tmp.resolve("prometheus.yml"), """
                global:
                  scrape_interval: 1s
                scrape_configs:
                  - job_name: brokerbench
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                """.formatted(metricsPort));
        Process prometheus = new ProcessBuilder(PROMETHEUS.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + tmp.resolve("data"), "--web.listen-address=127.0.0.1:" + prometheusPort)
                .redirectErrorStream(true).redirectOutput(tmp.resolve("prometheus.log").toFile()).start();
        try {
            String api = "http://127.0.0.1:" + prometheusPort;
            awaitReady(api);
            long start = System.currentTimeMillis() / 1000;
            ItSupport.Cli cli = ItSupport.bench("run", "--runtime", "local", "--broker", "artemis", "--case", "l2,c3",
                    "--scale", "0.1", "--warmup-seconds", "0", "--steal-retries", "0", "--metrics-port",
                    String.valueOf(metricsPort), "--out", tmp.resolve("run").toString(), "--heap", "1g");
            assertThat(cli.code()).as(cli.text()).isZero();
            Thread.sleep(2000); // the last scrape
            long end = System.currentTimeMillis() / 1000 + 1;

            List<String> queries = new ArrayList<>();
            json.readTree(DASHBOARD.toFile()).path("panels").forEach(panel -> panel.path("targets")
                    .forEach(t -> queries.add(t.path("expr").asText())));
            assertThat(queries).as("the dashboard's queries").hasSizeGreaterThanOrEqualTo(7);
            Set<String> metrics = new TreeSet<>();
            for (String query : queries) {
                Matcher m = METRIC.matcher(query);
                while (m.find()) {
                    metrics.add(m.group());
                }
            }
            for (String metric : metrics) {
                JsonNode series = get(api + "/api/v1/series?match[]=" + encode(metric) + "&start=" + start + "&end="
                        + end);
                assertThat(series.path("data").size()).as("series of " + metric + " in Prometheus").isPositive();
            }
            for (String query : queries) {
                JsonNode result = get(api + "/api/v1/query_range?query=" + encode(query) + "&start=" + start
                        + "&end=" + end + "&step=1");
                assertThat(result.path("status").asText()).as(query).isEqualTo("success");
                assertThat(result.path("data").path("result").size()).as("data for " + query).isPositive();
            }
        } finally {
            prometheus.destroyForcibly().waitFor();
        }
    }

    private void awaitReady(String api) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(api + "/-/ready")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException notYet) {
                // starting
            }
            assertThat(System.nanoTime()).as("Prometheus ready within 60 s; its log: "
                    + Files.readString(tmp.resolve("prometheus.log"))).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private JsonNode get(String url) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(url + ": " + r.body()).isEqualTo(200);
        return json.readTree(r.body());
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
