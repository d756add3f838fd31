package dev.brokerbench.core.metrics;

import dev.brokerbench.core.model.SizeMix;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.SizeClasses;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Latencies of one phase by the size class of the message timed ({@link SizeClasses}): an HdrHistogram
 * {@link Recorder} per power-of-two class the mix draws in (a recorder takes concurrent writers), made before the
 * phase so that recording allocates nothing.
 */
final class SizeClassRecorder {
    /** Classes: 0 holds empty bodies, k >= 1 holds [2^(k-1), 2^k - 1]. */
    private static final int CLASSES = 33;
    private final Recorder[] recorders = new Recorder[CLASSES];
    private final int[] min = new int[CLASSES];
    private final int[] max = new int[CLASSES];

    SizeClassRecorder(SizeMix mix) {
        if (mix instanceof SizeMix.Weighted w) {
            w.shares().forEach(s -> include(s.bytes(), s.bytes()));
        } else if (mix instanceof SizeMix.Uniform u) {
            for (int k = classOf(u.min()); k <= classOf(u.max()); k++) {
                include(Math.max(u.min(), lowest(k)), Math.min(u.max(), highest(k)));
            }
        } else {
            throw new IllegalArgumentException("size classes of an unknown mix: " + mix);
        }
    }

    private void include(int from, int to) {
        int k = classOf(from);
        if (recorders[k] == null) {
            recorders[k] = new Recorder(LatencyRecorder.MAX_NANOS, 3);
            min[k] = from;
            max[k] = to;
        } else {
            min[k] = Math.min(min[k], from);
            max[k] = Math.max(max[k], to);
        }
    }

    static int classOf(int bytes) {
        return 32 - Integer.numberOfLeadingZeros(bytes);
    }

    private static int lowest(int k) {
        return k == 0 ? 0 : 1 << (k - 1);
    }

    private static int highest(int k) {
        return k == 0 ? 0 : (int) Math.min(Integer.MAX_VALUE, (1L << k) - 1);
    }

    /**
     * Records one message of {@code bytes} that took {@code nanos} (within the histograms' range: the caller's
     * {@link LatencyRecorder} clamped it); a size the mix does not draw is not recorded.
     */
    void record(int bytes, long nanos) {
        Recorder r = recorders[classOf(bytes)];
        if (r != null) {
            r.recordValue(nanos);
        }
    }

    /** What each class recorded (call once, after the phase); null when nothing was timed. */
    SizeClasses result(LatencyMetric metric) {
        List<SizeClasses.SizeClass> classes = new ArrayList<>();
        for (int k = 0; k < CLASSES; k++) {
            if (recorders[k] != null) {
                Histogram h = recorders[k].getIntervalHistogram();
                if (h.getTotalCount() > 0) {
                    classes.add(new SizeClasses.SizeClass(min[k], max[k], LatencySummary.of(h)));
                }
            }
        }
        return classes.isEmpty() ? null : new SizeClasses(metric, classes);
    }
}
