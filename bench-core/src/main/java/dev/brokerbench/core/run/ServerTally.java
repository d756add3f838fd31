package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.ProgressClock;
import java.util.function.LongConsumer;

/**
 * Where server sessions report each message they receive: ticks the current one-way phase's clock (a lane of its
 * own, shared by the server sessions), so that one-way rates are measured where the messages arrive.
 */
final class ServerTally implements LongConsumer {
    private volatile ProgressClock.Lane lane;

    @Override
    public void accept(long nanos) {
        ProgressClock.Lane l = lane;
        if (l != null) {
            l.tick(nanos);
        }
    }

    void attach(ProgressClock.Lane phaseLane) {
        lane = phaseLane;
    }

    void detach() {
        lane = null;
    }
}
