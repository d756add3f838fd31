package dev.brokerbench.app.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.RunResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** What a scrape of the endpoint shows while a phase runs and once a cell is done, over real HTTP. */
class MetricsEndpointTest {
    private static String scrape(MetricsEndpoint endpoint) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + endpoint.port() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    @Test
    void theRunningPhaseShowsItsCompletionsAndLatencyAsTheyGrow() throws Exception {
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(0)) {
            AtomicLong done = new AtomicLong(250);
            Histogram latency = new Histogram(TimeUnit.HOURS.toNanos(1), 3);
            for (int i = 1; i <= 1000; i++) {
                latency.recordValue(TimeUnit.MICROSECONDS.toNanos(i));
            }
            endpoint.phaseStarted("artemis/artemis-core-jms c1 publish", 1000, done::get);
            endpoint.latencyOf(LatencyMetric.CONFIRM, latency::copy);

            String first = scrape(endpoint);
            assertThat(first).contains("brokerbench_phase_completions_total{phase=\"artemis/artemis-core-jms c1"
                    + " publish\"} 250.0");
            assertThat(first).contains("brokerbench_phase_expected{phase=\"artemis/artemis-core-jms c1 publish\"}"
                    + " 1000.0");
            assertThat(first).containsPattern("brokerbench_phase_latency_seconds\\{metric=\"confirm\",phase=\""
                    + "artemis/artemis-core-jms c1 publish\",quantile=\"0.99\"} 9\\.9[0-9]*E-4");

            done.set(900);
            assertThat(scrape(endpoint)).contains("brokerbench_phase_completions_total{phase=\"artemis/"
                    + "artemis-core-jms c1 publish\"} 900.0");
            endpoint.phaseEnded();
            assertThat(scrape(endpoint)).doesNotContain("phase=\"artemis/artemis-core-jms c1 publish\"");
        }
    }

    @Test
    void aFinishedCellShowsItsRateLatencyAccountingAndStatus() throws Exception {
        RunResult fault = Json.mapper().readValue(resource("apollo__qpid-jms__f1__r1.json").toFile(),
                RunResult.class);
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(0)) {
            endpoint.result(fault);
            String text = scrape(endpoint);
            // the exposition sorts each series' labels by name
            String cell = "broker=\"apollo\",case=\"f1\",client_path=\"qpid-jms\"";
            assertThat(text).contains("brokerbench_cell_rate{" + cell + ",repeat=\"1\"} ");
            assertThat(text).contains("brokerbench_cell_messages{" + cell + ",kind=\"sent\",repeat=\"1\"} "
                    + (double) fault.accounting().sent());
            assertThat(text).contains("brokerbench_cell_messages{" + cell + ",kind=\"lost_confirmed\",repeat=\"1\"} "
                    + (double) fault.accounting().lostConfirmed());
            assertThat(fault.accounting().lostConfirmed()).as("Apollo lost what it confirmed in this stored run")
                    .isPositive();
            assertThat(text).contains("brokerbench_cell_latency_seconds{" + cell + ",metric=\"confirm\","
                    + "quantile=\"0.99\",repeat=\"1\"} ");
            assertThat(text).contains("brokerbench_cells_total{status=\"" + fault.status() + "\"} 1.0");
        }
    }

    private static Path resource(String name) throws Exception {
        return Path.of(MetricsEndpointTest.class.getResource("/stored-run/" + name).toURI());
    }
}
