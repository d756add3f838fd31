package dev.brokerbench.app.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.io.JsonInput;
import dev.brokerbench.core.result.BrokerPath;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Everything a report shows, read back from a results directory: per-cell results, the run record and JMH scores.
 *
 * @param results per broker x path x case
 * @param run     brokers and cells not run (absent for results written by older runs)
 * @param jmh     JMH scores
 */
public record ReportData(List<RunResult> results, RunRecord run, List<JmhScore> jmh) {

    /**
     * One JMH score, in msg/s whatever the benchmark mode.
     *
     * @param benchmark    publishSync, publishAsync or drain
     * @param broker       broker id
     * @param clientPath   client path id
     * @param payloadBytes message body size
     * @param msgPerSec    score as messages per second
     * @param errorMsgPerSec 99.9 % confidence half-width, in msg/s (0 with a single iteration)
     * @param rawScore     JMH's own score and unit, for the record
     */
    public record JmhScore(String benchmark, String broker, String clientPath, int payloadBytes, double msgPerSec,
                           double errorMsgPerSec, String rawScore) {
        /** The broker and client path it measured. */
        public BrokerPath series() {
            return new BrokerPath(broker, clientPath);
        }

        /** The widest error, as a share of the score, at which a score is read as a figure to rank on. */
        public static final double RANKABLE_ERROR = 0.10;

        /** The 99.9 % half-width as a share of the score. */
        public double relativeError() {
            return msgPerSec > 0 ? errorMsgPerSec / msgPerSec : Double.POSITIVE_INFINITY;
        }

        /** False where the error is wider than {@link #RANKABLE_ERROR} or unknown (a single iteration has none). */
        public boolean rankable() {
            return errorMsgPerSec > 0 && relativeError() <= RANKABLE_ERROR;
        }
    }

    /** What the machine could do, measured at the run's start; null for runs recorded before it was. */
    public dev.brokerbench.core.machine.Calibration calibration() {
        return run == null ? null : run.calibration();
    }

    /** The sections every rendering shows. */
    public List<Section> sections() {
        return ReportSections.of(results, run == null ? List.of() : run.missing(), brokers(), calibration());
    }

    /**
     * What ran, in one paragraph: e.g. "Run X at scale 0.02 of the published message counts: 4 brokers (activemq,
     * apollo, artemis, rabbitmq) over 5 broker / client paths; cases c1, c2, c3; each cell 3 times: 45 results, 4 JMH
     * scores."
     */
    public String whatRan() {
        StringBuilder sb = new StringBuilder(run == null ? "Results" : "Run " + run.runId() + " at scale "
                + run.scale() + " of the published message counts");
        java.util.SortedSet<String> brokers = new java.util.TreeSet<>();
        java.util.Set<BrokerPath> paths = new java.util.HashSet<>();
        java.util.SortedSet<String> cases = new java.util.TreeSet<>();
        Map<String, java.util.Set<String>> sweeps = new java.util.TreeMap<>();
        int repeats = 1;
        for (RunResult r : results) {
            brokers.add(r.broker().brokerId());
            paths.add(r.cellId().brokerPath());
            if (r.workload().point() == null) {
                cases.add(r.workload().name());
            } else {
                sweeps.computeIfAbsent(r.workload().point().series(), k -> new java.util.HashSet<>())
                        .add(r.workload().name());
            }
            repeats = Math.max(repeats, r.repeatOrSingle().of());
        }
        sb.append(": ").append(brokers.size()).append(brokers.size() == 1 ? " broker (" : " brokers (")
                .append(String.join(", ", brokers)).append(") over ").append(paths.size())
                .append(paths.size() == 1 ? " broker / client path" : " broker / client paths");
        List<String> what = new ArrayList<>();
        if (!cases.isEmpty()) {
            what.add((cases.size() == 1 ? "case " : "cases ") + String.join(", ", cases));
        }
        sweeps.forEach((series, points) -> what.add("the sweep " + series + " (" + points.size()
                + (points.size() == 1 ? " point)" : " points)")));
        if (!what.isEmpty()) {
            sb.append("; ").append(String.join(", ", what));
        }
        sb.append(repeats > 1 ? "; each cell " + repeats + " times, the cells of all brokers interleaved" : "")
                .append(": ").append(results.size()).append(results.size() == 1 ? " result" : " results");
        if (!jmh.isEmpty()) {
            sb.append(", ").append(jmh.size()).append(jmh.size() == 1 ? " JMH score" : " JMH scores");
        }
        int missing = run == null ? 0 : run.missing().size();
        if (missing > 0) {
            sb.append("; ").append(missing).append(missing == 1 ? " cell" : " cells").append(" not run");
        }
        return sb.append('.').toString();
    }

    /** The brokers as the run recorded them; with no run record, as the results name them. */
    public List<BrokerInfo> brokers() {
        if (run != null) {
            return run.brokers();
        }
        Map<String, BrokerInfo> named = new LinkedHashMap<>();
        results.forEach(r -> named.putIfAbsent(r.broker().brokerId(), r.broker()));
        return List.copyOf(named.values());
    }

    public static ReportData read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new dev.brokerbench.core.model.InvalidConfigException("results directory " + dir + " does not exist");
        }
        List<RunResult> results = new ResultStore(dir).readAll().stream()
                .sorted(Comparator.comparing((RunResult r) -> r.broker().brokerId())
                        .thenComparing(r -> r.client().clientPath()).thenComparing(r -> r.workload().name()))
                .toList();
        Path runFile = dir.resolve(RunRecord.FILE);
        RunRecord run = Files.exists(runFile, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                ? JsonInput.read(runFile, RunRecord.class, "the run's record") : null;
        try {
            return new ReportData(results, run, jmh(dir));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir, e);
        }
    }

    private static List<JmhScore> jmh(Path dir) throws IOException {
        List<JmhScore> scores = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().matches("jmh-.*\\.json")).sorted().toList()) {
                if (Files.size(f) == 0) {
                    continue; // JMH writes an empty file when none of its benchmarks ran against a broker
                }
                JsonNode root = JsonInput.tree(f, "JMH's results (a JSON array)");
                if (!root.isArray()) {
                    throw new dev.brokerbench.core.model.InvalidConfigException(f + ": not JMH's results (a JSON"
                            + " array of benchmarks)");
                }
                for (JsonNode b : root) {
                    String[] target = dev.brokerbench.jmh.Target.brokerAndPath(b.path("params").path("target").asText("?|?"));
                    String name = b.path("benchmark").asText();
                    String method = name.substring(name.lastIndexOf('.') + 1);
                    JsonNode metric = b.path("primaryMetric");
                    double score = metric.path("score").asDouble();
                    double error = metric.path("scoreError").asDouble();
                    if (Double.isNaN(error)) {
                        error = 0;
                    }
                    String unit = metric.path("scoreUnit").asText();
                    double msgPerSec = score;
                    double errMsgPerSec = error;
                    if (unit.equals("ms/op")) {
                        int batch = b.path("params").path("batch").asInt(1);
                        msgPerSec = score > 0 ? batch / (score / 1000) : 0;
                        errMsgPerSec = score > 0 ? msgPerSec * error / score : 0; // same relative error
                    }
                    scores.add(new JmhScore(method, target[0], target[1],
                            b.path("params").path("payloadBytes").asInt(), msgPerSec, Math.abs(errMsgPerSec),
                            String.format(java.util.Locale.ROOT, "%.3f ± %.3f %s", score, error, unit)));
                }
            }
        }
        return scores;
    }
}
