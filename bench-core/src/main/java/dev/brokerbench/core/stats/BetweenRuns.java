package dev.brokerbench.core.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How far a cell's figure moves from one run to the next beyond what the repeats inside a run show, estimated from
 * the runs of a baseline. Repeats inside one run share the run's broker processes, the suite's JVM and its JIT, the
 * day's disk: two identical runs of the bench profile's matrix moved Artemis c5 from 80,838 to 116,917 msg/s, outside
 * both runs' spread, and in one pair of runs every Artemis cell ran at 0.82-0.84 of the run before. A verdict across
 * runs that counted only the repeats would call such moves regressions.
 *
 * <p>The model, on natural logarithms of the rates: a run's mean of a cell = the cell's level + the run's shift of
 * the whole matrix (the machine that day) + the run's shift of the cell's path (its processes, shared by the path's
 * cells) + the run's shift of the cell alone + the mean of the run's repeats' noise. From {@code K} runs the parts are
 * estimated by the method of moments, pooled over cells and paths (on logarithms a 5 % move is the same at every
 * rate): {@link #own()} the variance of a run's shift of one cell alone, {@link #path()} that of the shift a path's
 * cells share, {@link #shift()} that of the whole matrix's shift, and per cell its repeats' variance.
 * Each with its degrees of freedom, so that a baseline of few runs gives wide intervals rather than false alarms.
 *
 * @param runs   runs of the baseline
 * @param own    variance of a run's shift of one cell alone, beyond its repeats and its path's
 * @param path   variance of the run's shift its path's cells share
 * @param shift  variance of the run's shift of the whole matrix
 * @param within per cell, its repeats' variance inside a run (pooled over the runs) and the mean repeats per run
 */
public record BetweenRuns(int runs, VarianceSum own, VarianceSum path, VarianceSum shift, Map<String, Within> within) {

    /**
     * One cell's repeats inside a run.
     *
     * @param variance pooled variance of the log rates inside each run, with its degrees of freedom
     * @param repeats  mean repeats per run
     */
    public record Within(VarianceSum variance, double repeats) {
    }

    /**
     * One cell of the baseline: its path (group) and the repeats of each run.
     *
     * @param cell  e.g. {@code artemis / artemis-core-jms / c1}
     * @param group e.g. {@code artemis / artemis-core-jms}
     * @param runs  per run, its repeats' rates (all positive)
     */
    public record CellRuns(String cell, String group, List<double[]> runs) {
    }

    /** Fewest runs from which a baseline can tell runs apart. */
    public static final int MIN_RUNS = 2;

    /**
     * Estimates from {@code cells}: those present with at least one positive rate in each of the most common number
     * of runs take part.
     *
     * @throws IllegalArgumentException with fewer than {@link #MIN_RUNS} runs, or no cell in all of them
     */
    public static BetweenRuns estimate(List<CellRuns> cells) {
        int k = cells.stream().mapToInt(c -> c.runs().size()).max().orElse(0);
        if (k < MIN_RUNS) {
            throw new IllegalArgumentException("a baseline needs at least " + MIN_RUNS + " runs to tell one run from"
                    + " the next; it has " + k);
        }
        List<CellRuns> used = cells.stream().filter(c -> c.runs().size() == k && c.runs().stream()
                .allMatch(r -> r.length > 0 && positive(r))).toList();
        if (used.isEmpty()) {
            throw new IllegalArgumentException("no cell ran in every one of the baseline's " + k + " runs");
        }
        int c = used.size();
        double[][] means = new double[c][k];
        Map<String, Within> within = new LinkedHashMap<>();
        for (int i = 0; i < c; i++) {
            double ss = 0;
            int df = 0;
            int repeats = 0;
            for (int run = 0; run < k; run++) {
                Estimate.LogMoments m = Estimate.LogMoments.of(used.get(i).runs().get(run));
                means[i][run] = m.mean();
                repeats += m.n();
                if (m.n() > 1) {
                    ss += m.variance() * (m.n() - 1);
                    df += m.n() - 1;
                }
            }
            within.put(used.get(i).cell(), new Within(df == 0 ? new VarianceSum(0, 1) : VarianceSum.of(ss / df, df),
                    repeats / (double) k));
        }
        // the run's shift of the whole matrix: the mean over cells of each run's departure from the cell's mean
        double[] cellMean = new double[c];
        for (int i = 0; i < c; i++) {
            double sum = 0;
            for (int run = 0; run < k; run++) {
                sum += means[i][run];
            }
            cellMean[i] = sum / k;
        }
        double[] shift = new double[k];
        for (int run = 0; run < k; run++) {
            double sum = 0;
            for (int i = 0; i < c; i++) {
                sum += means[i][run] - cellMean[i];
            }
            shift[run] = sum / c;
        }
        // what is left per cell and run: the cell's own and its path's shift, and its repeats' noise
        double[][] residual = new double[c][k];
        double perCell = 0;
        double noise = 0;
        for (int i = 0; i < c; i++) {
            double ss = 0;
            for (int run = 0; run < k; run++) {
                residual[i][run] = means[i][run] - cellMean[i] - shift[run];
                ss += residual[i][run] * residual[i][run];
            }
            perCell += ss / (k - 1);
            Within w = within.get(used.get(i).cell());
            noise += w.variance().variance() / w.repeats();
        }
        perCell /= c;
        noise /= c;
        // per path of two or more cells, the mean residual of its cells: the part they share
        Map<String, List<Integer>> byGroup = new TreeMap<>();
        for (int i = 0; i < c; i++) {
            byGroup.computeIfAbsent(used.get(i).group(), g -> new ArrayList<>()).add(i);
        }
        int groups = byGroup.size();
        double perPath = 0;
        double members = 0;
        int shared = 0;
        for (List<Integer> group : byGroup.values()) {
            int n = group.size();
            if (n < 2) {
                continue; // a path of one cell cannot tell its own shift from its cell's
            }
            double ss = 0;
            for (int run = 0; run < k; run++) {
                double sum = 0;
                for (int i : group) {
                    sum += residual[i][run];
                }
                ss += (sum / n) * (sum / n);
            }
            perPath += ss / (k - 1);
            members += n;
            shared++;
        }
        // Moments (P = path variance x (1 - 1/G), Q = a cell's own variance + its repeats' noise, m = cells per path):
        //   per cell  A = P + Q (1 - 1/C)        per path  B = P + Q (1 - 1/G) / m
        // (the matrix's shift, estimated from the same runs, takes a share 1/G of the paths' and 1/C of the cells'
        // own variance with it)
        double cellOwn;
        double pathVariance;
        if (c < 2) {
            cellOwn = 0; // one cell: the run's shift takes all of its move, nothing is left to tell apart
            pathVariance = 0;
        } else if (shared == 0 || groups < 2) {
            cellOwn = Math.max(0, perCell / (1 - 1.0 / c) - noise);
            pathVariance = 0;
        } else {
            double a = perCell;
            double b = perPath / shared;
            double m = members / shared;
            double q = (a - b) / ((1 - 1.0 / c) - (1 - 1.0 / groups) / m);
            double pShare = Math.max(0, a - q * (1 - 1.0 / c));
            cellOwn = Math.max(0, q - noise);
            pathVariance = pShare / (1 - 1.0 / groups);
        }
        VarianceSum own = VarianceSum.of(cellOwn, Math.max(1, (double) (c - groups) * (k - 1)));
        VarianceSum pathPart = VarianceSum.of(pathVariance, Math.max(1, (double) (groups - 1) * (k - 1)));
        double shiftSs = 0;
        for (double s : shift) {
            shiftSs += s * s;
        }
        return new BetweenRuns(k, own, pathPart, VarianceSum.of(shiftSs / (k - 1), k - 1), within);
    }

    private static boolean positive(double[] values) {
        for (double v : values) {
            if (!(v > 0) || !Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    /** The variance of a run's shift of one cell beyond its repeats: its own and its path's. */
    public VarianceSum cell() {
        return own.plus(path);
    }
}
