package dev.brokerbench.core.broker.gc;

import com.microsoft.gctoolkit.aggregator.Aggregation;
import com.microsoft.gctoolkit.aggregator.Collates;
import java.util.ArrayList;
import java.util.List;

/** The pauses of one GC log, in the order the log has them: what {@link PauseCollector} hands on. */
@Collates(PauseCollector.class)
public final class PauseLog extends Aggregation {
    private final List<GcPause> pauses = new ArrayList<>();

    synchronized void add(GcPause pause) {
        pauses.add(pause);
    }

    /** Every pause read, oldest first. */
    public synchronized List<GcPause> pauses() {
        return List.copyOf(pauses);
    }

    @Override
    public boolean hasWarning() {
        return false;
    }

    @Override
    public synchronized boolean isEmpty() {
        return pauses.isEmpty();
    }
}
