package dev.brokerbench.core.broker.gc;

import com.microsoft.gctoolkit.aggregator.Aggregates;
import com.microsoft.gctoolkit.aggregator.Aggregator;
import com.microsoft.gctoolkit.aggregator.EventSource;
import com.microsoft.gctoolkit.event.GarbageCollectionTypes;
import com.microsoft.gctoolkit.event.MemoryPoolSummary;
import com.microsoft.gctoolkit.event.g1gc.G1FullGC;
import com.microsoft.gctoolkit.event.g1gc.G1GCPauseEvent;
import com.microsoft.gctoolkit.event.generational.FullGC;
import com.microsoft.gctoolkit.event.generational.GenerationalGCPauseEvent;
import com.microsoft.gctoolkit.time.DateTimeStamp;
import java.time.Instant;
import java.util.Set;

/**
 * Turns GCToolKit's pause events (G1's, and the serial and parallel collectors') into {@link GcPause}s: the
 * collectors a broker's JVM picks on this kind of machine.
 */
@Aggregates({EventSource.G1GC, EventSource.GENERATIONAL})
public final class PauseCollector extends Aggregator<PauseLog> {
    private static final Set<GarbageCollectionTypes> FULL = Set.of(GarbageCollectionTypes.FullGC,
            GarbageCollectionTypes.Full, GarbageCollectionTypes.G1GCFull, GarbageCollectionTypes.PSFull,
            GarbageCollectionTypes.SystemGC);

    public PauseCollector(PauseLog log) {
        super(log);
        register(G1GCPauseEvent.class, e -> record(e.getDateTimeStamp(), e.getDuration(),
                e instanceof G1FullGC || FULL.contains(e.getGarbageCollectionType()), e.getHeap()));
        register(GenerationalGCPauseEvent.class, e -> record(e.getDateTimeStamp(), e.getDuration(),
                e instanceof FullGC || FULL.contains(e.getGarbageCollectionType()), e.getHeap()));
    }

    private void record(DateTimeStamp at, double seconds, boolean full, MemoryPoolSummary heap) {
        if (at == null || !at.hasDateStamp()) {
            return; // a line without its wall-clock decoration cannot be placed in a cell
        }
        Instant instant = at.getDateTime().toInstant();
        aggregation().add(new GcPause(instant, seconds * 1000.0, full,
                heap == null ? -1 : heap.getOccupancyAfterCollection(),
                heap == null ? -1 : heap.getSizeAfterCollection()));
    }
}
