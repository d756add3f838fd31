package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.ProgressClock;
import java.util.function.LongConsumer;

/**
 * Where server sessions report each message they receive: ticks the current one-way phase's clock, so that one-way
 * rates are measured where the messages arrive.
 */
final class ServerTally implements LongConsumer {
    private volatile ProgressClock clock;

    @Override
    public void accept(long nanos) {
        ProgressClock c = clock;
        if (c != null) {
            c.tick(nanos);
        }
    }

    void attach(ProgressClock phaseClock) {
        clock = phaseClock;
    }

    void detach() {
        clock = null;
    }
}
