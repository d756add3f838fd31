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
 * @param repeats how often each cell runs (1..100)
 * @param seed    the shuffle's seed, recorded with the results
 */
public record Schedule(int repeats, long seed) {
    public static final int MAX_REPEATS = 100;

    public Schedule {
        if (repeats < 1 || repeats > MAX_REPEATS) {
            throw new IllegalArgumentException("repeats must be 1.." + MAX_REPEATS + ", got " + repeats);
        }
    }

    /** One cell's turn: which repeat (1-based), and its position in the whole run (0-based). */
    public record Slot<T>(T cell, int repeat, int position) {
    }

    /** Every cell {@link #repeats} times: repeat 1 in a shuffled order, then repeat 2 in another, and so on. */
    public <T> List<Slot<T>> order(List<T> cells) {
        Random random = new Random(seed);
        List<Slot<T>> slots = new ArrayList<>();
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
