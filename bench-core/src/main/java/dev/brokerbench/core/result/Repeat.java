package dev.brokerbench.core.result;

/**
 * Which run of its cell a result is.
 *
 * @param index    1-based repeat
 * @param of       repeats of every cell in the run
 * @param position 0-based place in the run's shuffled order of all cells of all brokers
 * @param seed     the seed of that order ({@code bench run --seed} gives it again)
 */
public record Repeat(int index, int of, int position, long seed) {
    public Repeat {
        if (of < 1 || index < 1 || index > of) {
            throw new IllegalArgumentException("index must be 1.." + of + ", got " + index);
        }
        if (position < 0) {
            throw new IllegalArgumentException("position must be >= 0, got " + position);
        }
    }

    /** A single run of a single cell (results written before repeats existed read as this). */
    public static final Repeat SINGLE = new Repeat(1, 1, 0, 0);
}
