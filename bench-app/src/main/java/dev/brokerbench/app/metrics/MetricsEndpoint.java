package dev.brokerbench.app.metrics;

import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RunResult;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * A run's figures in the Prometheus text format (OpenMetrics on request) at {@code http://127.0.0.1:PORT/metrics},
 * through the Prometheus Java client's own registry and HTTP server: the phase running now (its completions, what it
 * expects, its latency percentiles so far) and every finished cell (its rate, latency percentiles, accounting and
 * status), so that a long run can be watched in the tools people already use. Listens on loopback only.
 */
public final class MetricsEndpoint implements AutoCloseable {
    /** The latency percentiles exposed, as Prometheus quantile labels. */
    private static final Map<String, Double> QUANTILES = quantiles();
    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final HTTPServer server;
    private final Counter cells;
    private final Gauge cellRate;
    private final Gauge cellLatency;
    private final Gauge cellMessages;
    private volatile LivePhase live;

    /** What is known of the phase running now. */
    private record LivePhase(String label, long expected, LongSupplier done,
                             Map<LatencyMetric, Supplier<Histogram>> latencies) {
    }

    private MetricsEndpoint(int port) throws IOException {
        CounterWithCallback.builder().name("brokerbench_phase_completions")
                .help("Completions of the phase running now (confirmations, first receipts or replies)")
                .labelNames("phase")
                .callback(cb -> {
                    LivePhase p = live;
                    if (p != null) {
                        cb.call(p.done().getAsLong(), p.label());
                    }
                }).register(registry);
        GaugeWithCallback.builder().name("brokerbench_phase_expected")
                .help("Completions the phase running now is to reach")
                .labelNames("phase")
                .callback(cb -> {
                    LivePhase p = live;
                    if (p != null) {
                        cb.call(p.expected(), p.label());
                    }
                }).register(registry);
        GaugeWithCallback.builder().name("brokerbench_phase_latency_seconds").unit(Unit.SECONDS)
                .help("Latency percentiles of the phase running now, over what it recorded up to its last closed"
                        + " second (HdrHistogram; at a fixed rate from the intended send time)")
                .labelNames("phase", "metric", "quantile")
                .callback(cb -> {
                    LivePhase p = live;
                    if (p == null) {
                        return;
                    }
                    p.latencies().forEach((metric, soFar) -> {
                        Histogram h = soFar.get();
                        if (h.getTotalCount() > 0) {
                            QUANTILES.forEach((q, percentile) -> cb.call(seconds(h.getValueAtPercentile(percentile)),
                                    p.label(), metric.fileName(), q));
                        }
                    });
                }).register(registry);
        cells = Counter.builder().name("brokerbench_cells")
                .help("Cells finished, by status (ok, LOSS, DUP, ERROR, ...)")
                .labelNames("status").register(registry);
        cellRate = Gauge.builder().name("brokerbench_cell_rate")
                .help("A finished cell's overall rate, messages per second (confirmed or first received over the"
                        + " active period)")
                .labelNames("broker", "client_path", "case", "repeat").register(registry);
        cellLatency = Gauge.builder().name("brokerbench_cell_latency_seconds").unit(Unit.SECONDS)
                .help("A finished cell's latency percentiles (its reported phase)")
                .labelNames("broker", "client_path", "case", "repeat", "metric", "quantile").register(registry);
        cellMessages = Gauge.builder().name("brokerbench_cell_messages")
                .help("A finished cell's exact accounting: sent, confirmed, received, duplicates, reordered, lost,"
                        + " lost_confirmed, unconfirmed_present")
                .labelNames("broker", "client_path", "case", "repeat", "kind").register(registry);
        server = HTTPServer.builder().hostname("127.0.0.1").port(port).registry(registry).buildAndStart();
    }

    /** Serves the metrics on 127.0.0.1:{@code port} (0: a free port, see {@link #port()}). */
    public static MetricsEndpoint start(int port) throws IOException {
        return new MetricsEndpoint(port);
    }

    /** The port it listens on. */
    public int port() {
        return server.getPort();
    }

    void phaseStarted(String label, long expected, LongSupplier done) {
        live = new LivePhase(label, expected, done, new EnumMap<>(LatencyMetric.class));
    }

    void latencyOf(LatencyMetric metric, Supplier<Histogram> soFar) {
        LivePhase p = live;
        if (p != null) {
            Map<LatencyMetric, Supplier<Histogram>> more = new EnumMap<>(LatencyMetric.class);
            more.putAll(p.latencies());
            more.put(metric, soFar);
            live = new LivePhase(p.label(), p.expected(), p.done(), more);
        }
    }

    void phaseEnded() {
        live = null;
    }

    void result(RunResult r) {
        String[] cell = {r.broker().brokerId(), r.client().clientPath(), r.workload().name(),
                String.valueOf(r.repeatOrSingle().index())};
        cells.labelValues(r.status().toString()).inc();
        PhaseResult reported = r.reportedPhase();
        if (reported == null) {
            return;
        }
        if (reported.rate() != null) {
            cellRate.labelValues(cell).set(reported.rate().overall());
        }
        latency(cell, LatencyMetric.CONFIRM, reported.latency());
        latency(cell, LatencyMetric.END_TO_END, reported.endToEnd());
        Accounting a = r.accounting();
        if (a != null) {
            Map<String, Long> kinds = new LinkedHashMap<>();
            kinds.put("sent", a.sent());
            kinds.put("confirmed", a.confirmed());
            kinds.put("received", a.received());
            kinds.put("duplicates", a.duplicates());
            kinds.put("reordered", a.reordered());
            kinds.put("lost", a.lost());
            kinds.put("lost_confirmed", a.lostConfirmed());
            kinds.put("unconfirmed_present", a.unconfirmedPresent());
            kinds.forEach((kind, n) -> cellMessages.labelValues(cell[0], cell[1], cell[2], cell[3], kind).set(n));
        }
    }

    /** The same quantiles as the running phase's, from the cell's stored histogram. */
    private void latency(String[] cell, LatencyMetric metric, LatencySummary s) {
        if (s == null || s.count() == 0) {
            return;
        }
        Histogram h = s.decode();
        QUANTILES.forEach((q, percentile) -> cellLatency.labelValues(cell[0], cell[1], cell[2], cell[3],
                metric.fileName(), q).set(seconds(h.getValueAtPercentile(percentile))));
    }

    private static double seconds(long nanos) {
        return nanos / (double) TimeUnit.SECONDS.toNanos(1);
    }

    private static Map<String, Double> quantiles() {
        Map<String, Double> q = new LinkedHashMap<>();
        q.put("0.5", 50.0);
        q.put("0.99", 99.0);
        q.put("0.999", 99.9);
        q.put("1", 100.0);
        return q;
    }

    @Override
    public void close() {
        server.close();
    }
}
