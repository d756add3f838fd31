package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.Streams;
import dev.brokerbench.core.model.Shard;

/**
 * The part of a phase this process runs: every client when not sharded; else the shard's clients, on streams whose
 * tag every shard of the run derives alike.
 *
 * @param shard     which shard this process is
 * @param streamTag the phase's stream tag ({@link Shard#streamTag}); 0 when not sharded (a random one)
 */
record ShardPart(Shard shard, long streamTag) {
    static final ShardPart WHOLE = new ShardPart(Shard.WHOLE, 0);

    boolean sharded() {
        return shard.sharded();
    }

    /** The phase's streams: every client's, though this process sends only its own. */
    Streams streams(int clients, long messages) {
        return sharded() ? new Streams(clients, messages, streamTag) : new Streams(clients, messages);
    }

    /** The clients of {@code clients} this process runs. */
    int[] owned(int clients) {
        return shard.owned(clients);
    }
}
