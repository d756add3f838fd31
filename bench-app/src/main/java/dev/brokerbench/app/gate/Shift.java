package dev.brokerbench.app.gate;

import dev.brokerbench.core.result.BrokerPath;
import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.stats.BetweenRuns;
import dev.brokerbench.core.stats.VarianceSum;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How far each compared cell, path and the whole matrix moved from the baseline to the fresh run, on log rates, and
 * the variance of each move when nothing changed but chance ({@link BetweenRuns}'s model). Judged against the other
 * paths ({@code relative}), a move the whole matrix made cancels, and the variance of the others' mean is added.
 */
final class Shift {
    /**
     * One cell's move.
     *
     * @param group its path
     * @param diff  mean log rate of the fresh repeats minus the mean of the baseline runs' means
     * @param noise the variance of that from the repeats inside the runs (fresh run and baseline runs)
     * @param own   the variance of the cell's own run shift, in the fresh run and in the baseline's mean
     * @param runs  baseline runs the cell ran in
     */
    record CellShift(BrokerPath group, double diff, VarianceSum noise, VarianceSum own, int runs) {

        static CellShift of(CellId id, Baseline.Cell ref, Figures.Cell now, BetweenRuns model) {
            double[] fresh = RegressionGate.array(now.repeats());
            double ss = 0;
            int df = 0;
            double freshMean = mean(logs(fresh));
            for (double v : logs(fresh)) {
                ss += (v - freshMean) * (v - freshMean);
            }
            df += fresh.length - 1;
            double runMeans = 0;
            int repeats = 0;
            for (List<Double> run : ref.runs()) {
                double[] l = logs(RegressionGate.array(run));
                double m = mean(l);
                runMeans += m;
                repeats += l.length;
                for (double v : l) {
                    ss += (v - m) * (v - m);
                }
                df += l.length - 1;
            }
            int k = ref.runs().size();
            double within = df > 0 ? ss / df : 0;
            double perRun = repeats / (double) k;
            double noise = within / fresh.length + within / (perRun * k);
            return new CellShift(id.brokerPath(), freshMean - runMeans / k, VarianceSum.of(noise, Math.max(1, df)),
                    model.own().times(1 + 1.0 / k), k);
        }

        /** Its variance without its path's shared part. */
        VarianceSum variance() {
            return noise.plus(own);
        }
    }

    private final Map<BrokerPath, Map<CellId, CellShift>> byGroup;
    private final Map<BrokerPath, Map<CellId, Double>> weights = new LinkedHashMap<>();
    private final BetweenRuns model;

    /** @param byGroup per path, its compared cells */
    Shift(Map<BrokerPath, Map<CellId, CellShift>> byGroup, BetweenRuns model) {
        this.byGroup = byGroup;
        this.model = model;
        byGroup.forEach((group, cells) -> weights.put(group, weightsOf(cells)));
    }

    /** A path's shared run shift, in the fresh run and in the baseline's mean of {@code runs} runs. */
    private VarianceSum path() {
        return model.path().times(1 + 1.0 / model.runs());
    }

    /** The whole matrix's run shift, in the fresh run and in the baseline's mean. */
    private VarianceSum machine() {
        return model.shift().times(1 + 1.0 / model.runs());
    }

    /**
     * Each of a path's cells' weight in its move (summing to 1): the inverse of the cell's variance, shrunk two thirds
     * of the way to the mean of its path's cells' variances. A cell whose repeats spread by 30 % says less about the
     * path than one that spreads by 5 %; with equal weights the noisiest cell set the path's interval (in the baseline
     * of 2026-11-26 Artemis c1 spread by 0.46 on logs beside c3's 0.19). Shrunk, because a cell's variance is itself
     * estimated from few repeats (eight degrees of freedom at three repeats and three baseline runs), and because the
     * narrower a path's cells' part of its interval, the more its share of a run shift of the whole path, which a
     * baseline of few runs estimates poorly, decides: on simulated paths that also moved by 8 % from run to run, full
     * inverse-variance weights failed 10 % of unchanged matrices, halfway 6.5 %, two thirds 5.0 %, equal weights 3.3 %
     * ({@code PathWeightsTest}). The weights use no cell's move, only its spread, so a move every cell shares comes
     * through whole.
     */
    Map<CellId, Double> weights(BrokerPath group) {
        return weights.get(group);
    }

    private static Map<CellId, Double> weightsOf(Map<CellId, CellShift> cells) {
        double meanVariance = cells.values().stream().mapToDouble(c -> c.variance().variance()).average()
                .orElseThrow();
        Map<CellId, Double> raw = new LinkedHashMap<>();
        cells.forEach((id, c) -> raw.put(id, 1 / shrunk(c.variance().variance(), meanVariance)));
        double total = raw.values().stream().mapToDouble(Double::doubleValue).sum();
        Map<CellId, Double> weights = new LinkedHashMap<>();
        raw.forEach((id, w) -> weights.put(id, w / total));
        return weights;
    }

    /** A cell's variance two thirds of the way to its path's mean (never 0). */
    private static double shrunk(double variance, double pathMean) {
        double v = (variance + 2 * pathMean) / 3;
        return v > 0 ? v : 1;
    }

    /** A path's move: its cells' moves, each by its {@link #weights weight}. */
    double groupMean(BrokerPath group) {
        Map<CellId, Double> w = weights(group);
        double sum = 0;
        for (Map.Entry<CellId, CellShift> c : byGroup.get(group).entrySet()) {
            sum += w.get(c.getKey()) * c.getValue().diff();
        }
        return sum;
    }

    /** The variance of a path's weighted move, before judging it against others: sum of weight^2 x variance. */
    VarianceSum groupOwnVariance(BrokerPath group) {
        Map<CellId, Double> w = weights(group);
        VarianceSum sum = VarianceSum.ZERO;
        for (Map.Entry<CellId, CellShift> c : byGroup.get(group).entrySet()) {
            double weight = w.get(c.getKey());
            sum = sum.plus(c.getValue().variance().times(weight * weight));
        }
        return sum.plus(path());
    }

    private List<BrokerPath> others(BrokerPath group) {
        return new ArrayList<>(byGroup.keySet().stream().filter(g -> !g.equals(group)).toList());
    }

    /**
     * What the other paths did: the median of their means, so that one path that regressed does not make every other
     * look faster (with the mean, a path 20 % slower among four moves the others' reference by 7 %).
     */
    private double othersMean(BrokerPath group) {
        double[] means = others(group).stream().mapToDouble(this::groupMean).sorted().toArray();
        int n = means.length;
        return n == 0 ? 0 : n % 2 == 1 ? means[n / 2] : (means[n / 2 - 1] + means[n / 2]) / 2;
    }

    /**
     * The variance of {@link #othersMean}: that of their mean, times pi / 2 (the large-sample cost of a median of
     * normal values; for three it is 1.35, so this errs wide). Judged against others, a path has at least three
     * ({@link RegressionGate#GROUPS_TO_NORMALIZE}).
     */
    private VarianceSum othersVariance(BrokerPath group) {
        List<BrokerPath> others = others(group);
        VarianceSum sum = VarianceSum.ZERO;
        for (BrokerPath g : others) {
            sum = sum.plus(groupOwnVariance(g));
        }
        return sum.times(Math.PI / 2 / ((double) others.size() * others.size()));
    }

    double groupDiff(BrokerPath group, boolean relative) {
        return groupMean(group) - (relative ? othersMean(group) : 0);
    }

    VarianceSum groupVariance(BrokerPath group, boolean relative) {
        return relative ? groupOwnVariance(group).plus(othersVariance(group))
                : groupOwnVariance(group).plus(machine());
    }

    double cellDiff(CellShift cell, boolean relative) {
        return cell.diff() - (relative ? othersMean(cell.group()) : 0);
    }

    VarianceSum cellVariance(CellShift cell, boolean relative) {
        VarianceSum own = cell.variance().plus(path());
        return relative ? own.plus(othersVariance(cell.group())) : own.plus(machine());
    }

    /** The whole matrix's move: the mean of the paths' means. */
    double matrixDiff() {
        return byGroup.keySet().stream().mapToDouble(this::groupMean).average().orElseThrow();
    }

    VarianceSum matrixVariance() {
        VarianceSum sum = VarianceSum.ZERO;
        for (BrokerPath g : byGroup.keySet()) {
            sum = sum.plus(groupOwnVariance(g));
        }
        return sum.times(1.0 / ((double) byGroup.size() * byGroup.size())).plus(machine());
    }

    private static double[] logs(double[] values) {
        double[] l = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            l[i] = Math.log(values[i]);
        }
        return l;
    }

    private static double mean(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s / values.length;
    }
}
