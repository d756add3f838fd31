package dev.brokerbench.app.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How the whole machine moved between the rounds of a repeated run. Each round runs every cell once, in its own
 * shuffled order, so what slows one round's cells of every broker and path alike is the machine (a neighbour on the
 * host, the disk), not a broker: per round, the geometric mean over the cells of that repeat's rate divided by the
 * cell's median, and in how many cells that round was the slowest. A cell's spread over its repeats includes this
 * drift; where one round stands apart, the spread says more about the machine than about the cell.
 *
 * @param rounds one entry per round, in order
 */
public record RoundDrift(List<Round> rounds) {
    /**
     * @param index   the round (1-based)
     * @param factor  geometric mean of rate / cell median over the cells that ran in it
     * @param slowest cells whose slowest repeat was this round's
     * @param cells   cells that ran in it
     */
    public record Round(int index, double factor, int slowest, int cells) {
    }

    /** From the cells of a run; empty when no cell ran twice. */
    public static Optional<RoundDrift> of(List<RepeatedCell> cells) {
        return ofRates(cells.stream().map(RepeatedCell::rates).toList());
    }

    /** From each cell's rates in repeat order; cells with fewer than two positive rates are left out. */
    static Optional<RoundDrift> ofRates(List<List<Double>> cells) {
        List<List<Double>> usable = cells.stream()
                .filter(rates -> rates.size() > 1 && rates.stream().allMatch(r -> r > 0)).toList();
        int rounds = usable.stream().mapToInt(List::size).max().orElse(0);
        if (rounds < 2) {
            return Optional.empty();
        }
        double[] logSum = new double[rounds];
        int[] count = new int[rounds];
        int[] slowest = new int[rounds];
        for (List<Double> rates : usable) {
            double median = median(rates);
            int min = 0;
            for (int k = 0; k < rates.size(); k++) {
                logSum[k] += Math.log(rates.get(k) / median);
                count[k]++;
                min = rates.get(k) < rates.get(min) ? k : min;
            }
            slowest[min]++;
        }
        List<Round> result = new ArrayList<>();
        for (int k = 0; k < rounds; k++) {
            result.add(new Round(k + 1, Math.exp(logSum[k] / count[k]), slowest[k], count[k]));
        }
        return Optional.of(new RoundDrift(List.copyOf(result)));
    }

    private static double median(List<Double> rates) {
        double[] sorted = rates.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** One sentence for the reports. */
    public String describe() {
        return "Rounds (each ran every cell once, in its own shuffled order; what slows one round's cells of every"
                + " broker alike is the machine): each cell's rate over its median, geometric mean per round: "
                + rounds.stream().map(r -> String.format(Locale.ROOT, "round %d %.2f (slowest in %d of %d cells)",
                r.index(), r.factor(), r.slowest(), r.cells())).collect(Collectors.joining(", ")) + ".";
    }
}
