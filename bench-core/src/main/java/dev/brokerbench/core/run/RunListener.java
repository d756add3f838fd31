package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.SearchStep;
import java.util.OptionalLong;

/** What a matrix run reports as it goes. Every method has a no-op default. */
public interface RunListener extends ProgressListener {
    default void brokerStarting(BrokerRuntime broker) {
    }

    default void brokerReady(BrokerInfo info, OptionalLong pid) {
    }

    /** The broker cannot run here (e.g. not installed); {@code reason} says how to enable it. */
    default void brokerSkipped(BrokerRuntime broker, String reason) {
    }

    default void brokerFailed(BrokerRuntime broker, Exception error) {
    }

    /** A cell the pair cannot run as the workload defines it; never replaced by another mode. */
    default void unsupported(String brokerId, String clientPath, Workload workload, String reason) {
    }

    /** A cell that could not run at all (driver or session creation failed). */
    /**
     * A broker that stopped answering, or whose process died, between cells was killed and started again on its
     * data; {@code why} names the next cell and the evidence.
     */
    default void brokerRestarted(String brokerId, String why, long restartMillis) {
    }

    default void cellFailed(String brokerId, String clientPath, Workload workload, String error) {
    }

    /** A step of a latency curve's rate search, judged; {@code label} names the broker, path and curve. */
    default void searchStep(String label, SearchStep step) {
    }

    default void result(RunResult result) {
    }

    /** A cell's run in a warm-up round: measured like any other, set aside, not a result. */
    default void warmupRound(RunResult setAside) {
    }

    /** A shard's record of one cell (a sharded run reports these instead of results; {@code bench merge} joins them). */
    default void shardCell(dev.brokerbench.core.result.ShardCell cell) {
    }
}
