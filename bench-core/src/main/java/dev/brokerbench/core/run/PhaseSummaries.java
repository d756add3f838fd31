package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.RateWindows;
import dev.brokerbench.core.metrics.ResourceMeter;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.result.RateSummary;
import dev.brokerbench.core.result.ResourceUsage;
import dev.brokerbench.core.result.TimeSeries;

/**
 * Rates and the progress curve of a phase, from its {@link ProgressClock} (taken once the phase is over).
 *
 * @param completed     completions counted
 * @param activeSeconds phase start to the last completion
 * @param rate          overall and window rates
 * @param series        progress curve
 * @param startNanos    the phase's common start
 * @param lastNanos     its last completion; the start when there was none
 */
record PhaseSummaries(long completed, double activeSeconds, RateSummary rate, TimeSeries series, long startNanos,
                      long lastNanos) {

    static PhaseSummaries of(ProgressClock clock, RateWindow window) {
        long[] timeline = clock.timeline();
        long start = clock.startNanos();
        double active = RateWindows.activeSeconds(start, timeline);
        return new PhaseSummaries(timeline.length, active, RateWindows.summarize(start, timeline, window, active),
                RateWindows.progress(start, timeline, window.completions()), start,
                timeline.length == 0 ? start : timeline[timeline.length - 1]);
    }

    /**
     * What {@code meter} measured over the phase's active period, the same the rates are over: from its common start
     * to its last completion. A phase that completed nothing has no active period: then from its start to the
     * meter's close (its clients' work and the closing of their sessions), so that the CPU they spent still shows.
     */
    ResourceUsage resources(ResourceMeter meter) {
        meter.close();
        return meter.over(startNanos, completed > 0 ? lastNanos : meter.lastSampleNanos());
    }
}
