package dev.brokerbench.core.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order cells run in: every cell once per repeat, each repeat in its own shuffled order, all from one seed, so
 * that drift of the machine over a run (disk state, thermal, a neighbour) spreads over every broker and path instead
 * of landing on whichever ran last, and the same seed gives the same order again.
 *
 * <p>Warm-up rounds come first: every cell runs once per round, unreported, so that the brokers' and the suite's
 * JIT, the brokers' stores and caches have seen every case before the first reported repeat (in one run without,
 * Artemis c3's three repeats ran 50,248, 72,856 and 78,014 msg/s in turn, each after its own warm-up passes).
 *
 * @param repeats       how often each cell runs and is reported (1..100)
 * @param seed          the shuffle's seed, recorded with the results
 * @param warmupRounds  rounds of every cell before the reported ones, their results set aside (0..10)
 */
public record Schedule(int repeats, long seed, int warmupRounds) {
    public static final int MAX_REPEATS = 100;
    public static final int MAX_WARMUP_ROUNDS = 10;

    public Schedule {
        if (repeats < 1 || repeats > MAX_REPEATS) {
            throw new IllegalArgumentException("repeats must be 1.." + MAX_REPEATS + ", got " + repeats);
        }
        if (warmupRounds < 0 || warmupRounds > MAX_WARMUP_ROUNDS) {
            throw new IllegalArgumentException("warmupRounds must be 0.." + MAX_WARMUP_ROUNDS + ", got "
                    + warmupRounds);
        }
    }

    /** No warm-up rounds. */
    public Schedule(int repeats, long seed) {
        this(repeats, seed, 0);
    }

    /**
     * One cell's turn: which repeat (1-based; 0 in a warm-up round, whose result is set aside), and its position in
     * the whole run (0-based).
     */
    public record Slot<T>(T cell, int repeat, int position) {
        /** Whether this turn is part of a warm-up round. */
        public boolean warmup() {
            return repeat == 0;
        }
    }

    /**
     * The warm-up rounds, then every cell {@link #repeats} times: each round in its own shuffled order.
     */
    public <T> List<Slot<T>> order(List<T> cells) {
        Random random = new Random(seed);
        List<Slot<T>> slots = new ArrayList<>();
        for (int round = 0; round < warmupRounds; round++) {
            List<T> shuffled = new ArrayList<>(cells);
            Collections.shuffle(shuffled, new Random(seed ^ (0x5DEECE66DL * (round + 1))));
            for (T cell : shuffled) {
                slots.add(new Slot<>(cell, 0, slots.size()));
            }
        }
        for (int repeat = 1; repeat <= repeats; repeat++) {
            List<T> round = new ArrayList<>(cells);
            Collections.shuffle(round, random);
            for (T cell : round) {
                slots.add(new Slot<>(cell, repeat, slots.size()));
            }
        }
        return slots;
    }
}
