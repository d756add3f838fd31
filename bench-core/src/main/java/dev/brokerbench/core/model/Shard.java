package dev.brokerbench.core.model;

import java.util.stream.IntStream;

/**
 * One of {@code count} equal parts of every cell's clients, run by a load generator of its own: client {@code c}
 * (publisher or consumer) belongs to shard {@code c mod count}. The shards of one run share a {@code group} name,
 * from which they derive the same queues and the same stream ids, so that each can account for the others' messages
 * and {@code bench merge} can combine them exactly.
 *
 * @param index 0-based, below {@code count}
 * @param count how many shards run the cells between them (1: not sharded)
 * @param group the run's name, shared by its shards (letters, digits, '.', '_', '-'); null when not sharded
 */
public record Shard(int index, int count, String group) {
    /** Not sharded: one process runs every client. */
    public static final Shard WHOLE = new Shard(0, 1, null);
    /** The most shards a run may have (a cell's stream ids hold 16 bits of client index). */
    public static final int MAX_COUNT = 256;

    public Shard {
        if (count < 1 || count > MAX_COUNT) {
            throw new InvalidConfigException("shard count must be 1.." + MAX_COUNT + ", got " + count);
        }
        if (index < 0 || index >= count) {
            throw new InvalidConfigException("shard index must be 0.." + (count - 1) + " of " + count + ", got "
                    + index);
        }
        if (count > 1 && (group == null || !group.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,39}"))) {
            throw new InvalidConfigException("a sharded run needs a group name of 1-40 letters, digits, '.', '_' or"
                    + " '-' (starting with a letter or digit), got " + group);
        }
    }

    /**
     * Parses {@code I/N} (e.g. {@code 0/2}).
     *
     * @throws InvalidConfigException naming the expected form when {@code spec} is not one
     */
    public static Shard parse(String spec, String group) {
        String[] parts = spec == null ? new String[0] : spec.split("/", -1);
        try {
            if (parts.length == 2) {
                return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()), group);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new InvalidConfigException("a shard is I/N: its 0-based index I of N shards (e.g. 0/2), got " + spec);
    }

    public boolean sharded() {
        return count > 1;
    }

    public boolean owns(int client) {
        return client % count == index;
    }

    /** The clients of {@code clients} this shard runs, ascending. */
    public int[] owned(int clients) {
        return IntStream.range(0, clients).filter(this::owns).toArray();
    }

    /**
     * The stream tag of the phase begun at barrier {@code round}: the same in every shard of the group, and a different
     * one for every phase (so that no phase takes another's messages for its own).
     */
    public long streamTag(long round) {
        long h = group.hashCode() * 0x9E3779B97F4A7C15L + round * 0xC2B2AE3D27D4EB4FL;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        return 1 + Math.floorMod(h, (1L << 46) - 1);
    }

    /** e.g. {@code shard 1/2 of run nightly-7}. */
    public String describe() {
        return sharded() ? "shard " + index + "/" + count + " of run " + group : "not sharded";
    }

    @Override
    public String toString() {
        return index + "/" + count + (group == null ? "" : " " + group);
    }
}
