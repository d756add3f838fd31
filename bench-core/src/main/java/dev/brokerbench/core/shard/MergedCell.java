package dev.brokerbench.core.shard;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.Status;
import java.util.List;

/**
 * One cell of a sharded run, its shards' records merged.
 *
 * @param key        the cell's place in the run's order and its id
 * @param cell       the broker, client path and case
 * @param phases     every phase of every pass, the shards' figures joined
 * @param accounting the measured pass's publish phase against its drain, over every shard's sends and receipts
 * @param warmupAccounting the same for the warm-up pass; null without one
 * @param status     what the accounting and the shards' errors say
 */
public record MergedCell(String key, CellId cell, List<Phase> phases,
                         Accounting accounting, Accounting warmupAccounting, Status status) {
    public MergedCell {
        phases = List.copyOf(phases);
    }

    /**
     * One phase over every shard.
     *
     * @param completed        completions of every shard
     * @param activeSeconds    from the earliest shard's start to the latest shard's last completion (the common
     *                         active period)
     * @param rate             {@code completed / activeSeconds}
     * @param latency          confirmation latency of every shard's sends, from their histograms added (no
     *                         percentile averaged); null without confirmations
     * @param startSpreadMillis how far apart the shards' starts were
     * @param shards           each shard's own figures, by shard index
     */
    public record Phase(String pass, String name, Action action, PublishMode mode, boolean reported, long expected,
                        long completed, double activeSeconds, double rate, LatencySummary latency,
                        double startSpreadMillis, List<ShardFigure> shards, List<String> errors) {
        public Phase {
            shards = List.copyOf(shards);
            errors = List.copyOf(errors);
        }
    }

    /**
     * One shard's part of a phase.
     *
     * @param rate          its completions over its own active period
     * @param startOffsetMillis its start after the earliest shard's
     * @param waitedMillis  how long it waited for the others before the phase
     */
    public record ShardFigure(int shard, long completed, double rate, double startOffsetMillis, long waitedMillis) {
    }

    /** The measured pass's reported phase. */
    public Phase reported() {
        return phases.stream().filter(p -> p.reported() && p.pass().equals(dev.brokerbench.core.result.ShardCell.MEASURED)).findFirst()
                .orElseThrow();
    }
}
