package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.result.RateSummary;
import dev.brokerbench.core.result.TimeSeries;

/** Rates and the progress curve of a phase, from its {@link ProgressClock}. */
final class PhaseSummaries {
    private PhaseSummaries() {
    }

    static double activeSeconds(ProgressClock clock) {
        return Math.max(1, clock.endNanos() - clock.startNanos()) / 1e9;
    }

    static RateSummary rate(ProgressClock clock) {
        long[] marks = clock.marks();
        int windows = marks.length - 1;
        double min = Double.NaN, max = Double.NaN, sum = 0;
        for (int i = 1; i < marks.length; i++) {
            double r = clock.window() / (Math.max(1, marks[i] - marks[i - 1]) / 1e9);
            min = i == 1 ? r : Math.min(min, r);
            max = i == 1 ? r : Math.max(max, r);
            sum += r;
        }
        double overall = clock.count() / activeSeconds(clock);
        if (windows == 0) {
            return new RateSummary(round(overall), 0, 0, 0, 0, clock.window());
        }
        return new RateSummary(round(overall), round(min), round(sum / windows), round(max), windows, clock.window());
    }

    static TimeSeries series(ProgressClock clock) {
        long[] marks = clock.marks();
        double[] seconds = new double[marks.length];
        for (int i = 0; i < marks.length; i++) {
            seconds[i] = Math.round((marks[i] - marks[0]) / 1e6) / 1e3;
        }
        return new TimeSeries(clock.window(), seconds);
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
