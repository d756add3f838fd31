package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.RateWindows;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.result.RateSummary;
import dev.brokerbench.core.result.TimeSeries;

/**
 * Rates and the progress curve of a phase, from its {@link ProgressClock} (taken once the phase is over).
 *
 * @param completed     completions counted
 * @param activeSeconds phase start to the last completion
 * @param rate          overall and window rates
 * @param series        progress curve
 */
record PhaseSummaries(long completed, double activeSeconds, RateSummary rate, TimeSeries series) {

    static PhaseSummaries of(ProgressClock clock, RateWindow window) {
        long[] timeline = clock.timeline();
        double active = RateWindows.activeSeconds(clock.startNanos(), timeline);
        return new PhaseSummaries(timeline.length, active,
                RateWindows.summarize(clock.startNanos(), timeline, window, active),
                RateWindows.progress(clock.startNanos(), timeline, window.completions()));
    }
}
