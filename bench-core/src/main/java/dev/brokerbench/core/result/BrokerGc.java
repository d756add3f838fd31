package dev.brokerbench.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.brokerbench.core.broker.gc.GcPause;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * What the broker's own garbage collector did during one cell, read from the GC log the suite had its JVM write: a
 * broker that stalls under heap pressure shows here as long or frequent pauses and a heap full after collection.
 *
 * @param pauses             stop-the-world pauses that began within the cell
 * @param fullCollections    how many of them collected the whole heap
 * @param longestPauseMillis the longest of them; 0 with none
 * @param pausedShare        the share of the cell's wall-clock time the broker stood still in them (0..1)
 * @param heapAfterMb        the heap in use after the last pause at or before the cell's end (within the cell or
 *                           earlier); null where the log had none
 * @param heapSizeMb         the heap's committed size then; null where the log had none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BrokerGc(int pauses, int fullCollections, double longestPauseMillis, double pausedShare,
                       Long heapAfterMb, Long heapSizeMb) {

    /** The figures of the pauses that began in [{@code from}, {@code to}). */
    public static BrokerGc between(List<GcPause> log, Instant from, Instant to) {
        List<GcPause> inCell = log.stream().filter(p -> !p.at().isBefore(from) && p.at().isBefore(to)).toList();
        double paused = inCell.stream().mapToDouble(GcPause::millis).sum();
        double cellMillis = Math.max(1, Duration.between(from, to).toMillis());
        GcPause last = log.stream().filter(p -> p.at().isBefore(to) && p.heapAfterKb() >= 0)
                .reduce((a, b) -> b).orElse(null);
        return new BrokerGc(inCell.size(), (int) inCell.stream().filter(GcPause::full).count(),
                inCell.stream().mapToDouble(GcPause::millis).max().orElse(0), Math.min(1, paused / cellMillis),
                last == null ? null : last.heapAfterKb() / 1024, last == null ? null : last.heapSizeKb() / 1024);
    }

    /** One line: "12 pauses (0 full), longest 23 ms, 0.4 % of the cell, heap after the last 180 of 512 MB". */
    public String describe() {
        String heap = heapAfterMb == null ? "no heap figure yet"
                : "heap after the last " + heapAfterMb + " of " + heapSizeMb + " MB";
        return String.format(Locale.ROOT, "%d pauses (%d full), longest %.0f ms, %.1f %% of the cell, %s", pauses,
                fullCollections, longestPauseMillis, pausedShare * 100, heap);
    }
}
