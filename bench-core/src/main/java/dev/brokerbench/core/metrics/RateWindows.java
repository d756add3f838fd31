package dev.brokerbench.core.metrics;

import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.result.RateSummary;
import dev.brokerbench.core.result.TimeSeries;

/** Rates, rate windows and the progress curve of a phase, from its sorted completion times. */
public final class RateWindows {
    private RateWindows() {
    }

    /**
     * @param startNanos    the phase's common start
     * @param timeline      every completion time, sorted
     * @param window        how windows are cut
     * @param activeSeconds start to the last completion (see {@link #activeSeconds})
     */
    public static RateSummary summarize(long startNanos, long[] timeline, RateWindow window, double activeSeconds) {
        long minNanos = window.minimum().toNanos();
        long windowStart = startNanos;
        long inWindow = 0;
        long wholeCount = 0;
        long wholeNanos = 0;
        int windows = 0;
        double min = Double.NaN;
        double max = Double.NaN;
        for (long t : timeline) {
            inWindow++;
            long span = t - windowStart;
            if (inWindow >= window.completions() && span >= minNanos) {
                double rate = inWindow / (Math.max(1, span) / 1e9);
                min = windows == 0 ? rate : Math.min(min, rate);
                max = windows == 0 ? rate : Math.max(max, rate);
                windows++;
                wholeCount += inWindow;
                wholeNanos += Math.max(1, span);
                windowStart = t;
                inWindow = 0;
            }
        }
        double overall = activeSeconds > 0 ? timeline.length / activeSeconds : 0;
        long minMillis = window.minimum().toMillis();
        if (windows == 0) {
            return new RateSummary(round(overall), 0, 0, 0, 0, window.completions(), minMillis);
        }
        return new RateSummary(round(overall), round(min), round(wholeCount / (wholeNanos / 1e9)), round(max),
                windows, window.completions(), minMillis);
    }

    /** Phase start to the last completion, in seconds; 0 without completions. */
    public static double activeSeconds(long startNanos, long[] timeline) {
        return timeline.length == 0 ? 0 : Math.max(1, timeline[timeline.length - 1] - startNanos) / 1e9;
    }

    /** Seconds since the start after every {@code step} completions (the first point is 0 at the start). */
    public static TimeSeries progress(long startNanos, long[] timeline, int step) {
        double[] seconds = new double[timeline.length / step + 1];
        for (int i = 1; i < seconds.length; i++) {
            seconds[i] = Math.round((timeline[i * step - 1] - startNanos) / 1e6) / 1e3;
        }
        return new TimeSeries(step, seconds);
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
