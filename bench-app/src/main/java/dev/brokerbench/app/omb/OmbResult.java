package dev.brokerbench.app.omb;

import java.util.List;
import java.util.Map;

/**
 * One cell in OpenMessaging Benchmark's result format, field by field as OMB's {@code TestResult} names them, so
 * that its chart script and the tools that compare its result files read brokerbench's: a series per 10 s window
 * and the whole run's quantiles. Units as OMB's: rates in messages per second, publish and end-to-end latency in
 * milliseconds, publish delay in microseconds.
 */
public record OmbResult(String workload, String driver, long messageSize, int topics, int partitions,
                        int producersPerTopic, int consumersPerTopic,
                        List<Double> publishRate, List<Double> publishErrorRate, List<Double> consumeRate,
                        List<Long> backlog,
                        List<Double> publishLatencyAvg, List<Double> publishLatency50pct,
                        List<Double> publishLatency75pct, List<Double> publishLatency95pct,
                        List<Double> publishLatency99pct, List<Double> publishLatency999pct,
                        List<Double> publishLatency9999pct, List<Double> publishLatency99999pct,
                        List<Double> publishLatencyMax,
                        List<Double> publishDelayLatencyAvg, List<Long> publishDelayLatency50pct,
                        List<Long> publishDelayLatency75pct, List<Long> publishDelayLatency95pct,
                        List<Long> publishDelayLatency99pct, List<Long> publishDelayLatency999pct,
                        List<Long> publishDelayLatency9999pct, List<Long> publishDelayLatency99999pct,
                        List<Long> publishDelayLatencyMax,
                        double aggregatedPublishLatencyAvg, double aggregatedPublishLatency50pct,
                        double aggregatedPublishLatency75pct, double aggregatedPublishLatency95pct,
                        double aggregatedPublishLatency99pct, double aggregatedPublishLatency999pct,
                        double aggregatedPublishLatency9999pct, double aggregatedPublishLatency99999pct,
                        double aggregatedPublishLatencyMax,
                        double aggregatedPublishDelayLatencyAvg, long aggregatedPublishDelayLatency50pct,
                        long aggregatedPublishDelayLatency75pct, long aggregatedPublishDelayLatency95pct,
                        long aggregatedPublishDelayLatency99pct, long aggregatedPublishDelayLatency999pct,
                        long aggregatedPublishDelayLatency9999pct, long aggregatedPublishDelayLatency99999pct,
                        long aggregatedPublishDelayLatencyMax,
                        Map<Double, Double> aggregatedPublishLatencyQuantiles,
                        Map<Double, Long> aggregatedPublishDelayLatencyQuantiles,
                        List<Double> endToEndLatencyAvg, List<Double> endToEndLatency50pct,
                        List<Double> endToEndLatency75pct, List<Double> endToEndLatency95pct,
                        List<Double> endToEndLatency99pct, List<Double> endToEndLatency999pct,
                        List<Double> endToEndLatency9999pct, List<Double> endToEndLatency99999pct,
                        List<Double> endToEndLatencyMax,
                        Map<Double, Double> aggregatedEndToEndLatencyQuantiles,
                        double aggregatedEndToEndLatencyAvg, double aggregatedEndToEndLatency50pct,
                        double aggregatedEndToEndLatency75pct, double aggregatedEndToEndLatency95pct,
                        double aggregatedEndToEndLatency99pct, double aggregatedEndToEndLatency999pct,
                        double aggregatedEndToEndLatency9999pct, double aggregatedEndToEndLatency99999pct,
                        double aggregatedEndToEndLatencyMax) {
}
