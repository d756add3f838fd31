package dev.brokerbench.core.run;

import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Shard;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The shards of a run meet before every phase, through the broker under test and the cell's own client path: each
 * shard sends one marker to every other shard's queue ({@code bb-shards.GROUP.INDEX}) and waits until it has every
 * other shard's marker of this round. No shard starts a phase before all have finished the one before, so the
 * publishers of every shard start together and a drain starts on a full queue. A marker is an empty message stamped
 * (sender, round); one that comes early (a shard already past this round) is kept for its round. Rounds count from
 * 0 in every cell ({@link #cell}) and carry the cell's place, so a cell that failed in one shard leaves the next cell's
 * meetings in step (its stale markers are older rounds, ignored).
 */
final class ShardBarrier {
    private static final int INDEX_BITS = 16;
    private static final long POLL_MILLIS = 100;
    private final Shard shard;
    private final Duration wait;
    private final long markerTag;
    /** Rounds of one cell: the cell's place in the high bits, its meeting count in the low ones. */
    private static final int ROUND_BITS = 20;
    private long round;
    /** Markers of rounds not reached yet, by round. */
    private final Map<Long, Set<Integer>> early = new HashMap<>();

    /**
     * When the shards met.
     *
     * @param round        the cell's place and its 0-based count of meetings (the same in every shard)
     * @param released     when the last marker arrived here
     * @param waitedMillis how long this shard waited for the others
     */
    record Meeting(long round, Instant released, long waitedMillis) {
    }

    /** @param wait how long a shard waits for the others before it gives up (the run fails then) */
    ShardBarrier(Shard shard, Duration wait) {
        if (!shard.sharded()) {
            throw new IllegalArgumentException("a barrier is for a sharded run, got " + shard.describe());
        }
        this.shard = shard;
        this.wait = wait;
        this.markerTag = shard.streamTag(-1);
    }

    /** The queue shard {@code index} of a run receives its markers on. */
    static String queue(Shard shard, int index) {
        return "bb-shards." + shard.group() + "." + index;
    }

    /** A cell begins, at {@code position} in the run's schedule: its meetings are counted from 0. */
    void cell(int position) {
        round = (long) position << ROUND_BITS;
        early.keySet().removeIf(r -> r < round);
    }

    /** Sends this round's markers and waits for the other shards'; {@code before} names what comes next (errors). */
    Meeting meet(Driver driver, String before) throws Exception {
        long thisRound = round++;
        long began = System.nanoTime();
        Set<Integer> arrived = early.computeIfAbsent(thisRound, r -> new TreeSet<>());
        try (Consumer in = driver.consumer(queue(shard, shard.index()))) {
            in.start();
            for (int peer = 0; peer < shard.count(); peer++) {
                if (peer != shard.index()) {
                    try (Publisher out = driver.publisher(queue(shard, peer), PublishMode.SYNC)) {
                        out.send(new Stamp((markerTag << INDEX_BITS) | shard.index(), thisRound,
                                System.currentTimeMillis()), new byte[0]);
                    }
                }
            }
            long deadline = began + wait.toNanos();
            while (arrived.size() < shard.count() - 1) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(shard.describe() + ": shards " + missing(arrived) + " did not"
                            + " reach round " + thisRound + " (before " + before + ") within " + wait.toSeconds()
                            + " s; every shard must run the same cases, brokers, paths, scale and repeats");
                }
                in.receive(POLL_MILLIS, (stream, sequence, sendNanos, bytes, redelivered) -> {
                    if (stream >= 0 && stream >>> INDEX_BITS == markerTag && sequence >= thisRound) {
                        early.computeIfAbsent(sequence, r -> new TreeSet<>()).add((int) (stream & 0xFFFF));
                    }
                });
                in.acknowledge();
            }
        }
        early.remove(thisRound);
        return new Meeting(thisRound, Instant.now(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began));
    }

    private Set<Integer> missing(Set<Integer> arrived) {
        Set<Integer> missing = new TreeSet<>();
        for (int i = 0; i < shard.count(); i++) {
            if (i != shard.index() && !arrived.contains(i)) {
                missing.add(i);
            }
        }
        return missing;
    }
}
