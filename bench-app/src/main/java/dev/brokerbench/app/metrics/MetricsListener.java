package dev.brokerbench.app.metrics;

import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.SearchStep;
import dev.brokerbench.core.run.RunListener;
import java.util.OptionalLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/** Tells a run's listener everything, and the metrics endpoint what it shows. */
public final class MetricsListener implements RunListener {
    private final RunListener delegate;
    private final MetricsEndpoint metrics;

    public MetricsListener(RunListener delegate, MetricsEndpoint metrics) {
        this.delegate = delegate;
        this.metrics = metrics;
    }

    @Override
    public void brokerStarting(BrokerRuntime broker) {
        delegate.brokerStarting(broker);
    }

    @Override
    public void brokerReady(BrokerInfo info, OptionalLong pid) {
        delegate.brokerReady(info, pid);
    }

    @Override
    public void brokerSkipped(BrokerRuntime broker, String reason) {
        delegate.brokerSkipped(broker, reason);
    }

    @Override
    public void brokerFailed(BrokerRuntime broker, Exception error) {
        delegate.brokerFailed(broker, error);
    }

    @Override
    public void unsupported(String brokerId, String clientPath, Workload workload, String reason) {
        delegate.unsupported(brokerId, clientPath, workload, reason);
    }

    @Override
    public void cellFailed(String brokerId, String clientPath, Workload workload, String error) {
        delegate.cellFailed(brokerId, clientPath, workload, error);
    }

    @Override
    public void searchStep(String label, SearchStep step) {
        delegate.searchStep(label, step);
    }

    @Override
    public void result(RunResult result) {
        metrics.result(result);
        delegate.result(result);
    }

    @Override
    public void phaseStarted(String label, long total, LongSupplier done) {
        metrics.phaseStarted(label, total, done);
        delegate.phaseStarted(label, total, done);
    }

    @Override
    public void latencyOf(LatencyMetric metric, Supplier<Histogram> soFar) {
        metrics.latencyOf(metric, soFar);
        delegate.latencyOf(metric, soFar);
    }

    @Override
    public void phaseEnded() {
        metrics.phaseEnded();
        delegate.phaseEnded();
    }
}
