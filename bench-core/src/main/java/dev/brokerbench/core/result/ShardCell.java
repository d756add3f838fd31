package dev.brokerbench.core.result;

import dev.brokerbench.core.io.Required;
import dev.brokerbench.core.metrics.ReceiptRecord;
import dev.brokerbench.core.metrics.SendRecord;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Shard;
import java.util.List;

/**
 * What one shard recorded of one cell: every phase of its passes with the raw sends and receipts, so that
 * {@code bench merge} can account for the cell exactly across the shards. A shard's own figures are no result: its
 * consumers took messages the other shards sent, and the others took some of its own.
 *
 * @param shard    which shard of which run
 * @param broker   broker id
 * @param path     client path id
 * @param workload the case's name
 * @param position the cell's place in the run's schedule (the same in every shard)
 * @param phases   every phase of every pass, in order
 */
public record ShardCell(@Required Shard shard, @Required String broker, @Required String path,
                        @Required String workload, int position, @Required List<Phase> phases) {
    /** The pass label of a measured pass (a warm-up pass's is {@code warm-up}). */
    public static final String MEASURED = "measured";

    public ShardCell {
        phases = List.copyOf(phases);
    }

    /** The broker, client path and case. */
    public CellId cellId() {
        return new CellId(broker, path, workload);
    }

    /** The cell's key: its place in the run's order and its id, the same in every shard of the run. */
    public String key() {
        return position + " " + cellId();
    }

    /**
     * One phase as this shard ran it.
     *
     * @param pass         {@code measured} or {@code warm-up}
     * @param round        the barrier round it began at (the same in every shard)
     * @param metAtMicros  when the shards met before it (epoch µs, this host's clock)
     * @param waitedMillis how long this shard waited at that meeting
     * @param startMicros  the phase's common start in this shard (every session open; epoch µs)
     * @param completed    confirms (publish) or first receipts (consume) in this shard
     * @param activeSeconds from its start to its last completion
     * @param latency      confirmation latency, interval by interval (publish with confirms); null otherwise
     * @param sends        a publish phase's sends (every stream; other shards' empty); null otherwise
     * @param receipts     a drain's receipts; null otherwise
     * @param consumers    a drain's consumers of this shard (global client indexes)
     */
    public record Phase(@Required String pass, @Required String name, @Required Action action, PublishMode mode,
                        boolean reported, long round,
                        long metAtMicros, long waitedMillis, long startMicros, long expected, long completed,
                        double activeSeconds, LatencyLog latency, SendRecord sends, ReceiptRecord receipts,
                        List<Accounting.ConsumerAccount> consumers, List<String> errors) {
        public Phase {
            consumers = consumers == null ? List.of() : List.copyOf(consumers);
            errors = errors == null ? List.of() : List.copyOf(errors);
        }

        /** When its last completion came (epoch µs). */
        public long endMicros() {
            return startMicros + Math.round(activeSeconds * 1e6);
        }
    }
}
