package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerInstance;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The brokers of a run restarted because they stopped (before a cell, or by a cell's drain), and the caveat each
 * later cell of theirs carries.
 */
final class BrokerRestarts {
    private final RunListener listener;
    /** What each restarted broker's later cells say, by broker id. */
    private final Map<String, String> caveats = new HashMap<>();

    BrokerRestarts(RunListener listener) {
        this.listener = listener;
    }

    /**
     * The broker before the cell {@code label}: one that stopped answering within {@code limit} or whose process died
     * is killed and started again on its data (said, and each later cell of it marked); empty when it can run the
     * cell, else why not (it did not come back).
     */
    Optional<String> before(String brokerId, BrokerInstance broker, String label, Duration limit)
            throws InterruptedException {
        Optional<String> stopped = BrokerWatch.stopped(broker, limit, "before this cell");
        if (stopped.isEmpty()) {
            return Optional.empty();
        }
        long t0 = System.nanoTime();
        Optional<String> failed = BrokerWatch.restart(broker);
        if (failed.isPresent()) {
            return Optional.of("not run: " + stopped.get() + "; " + failed.get());
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        listener.brokerRestarted(brokerId, "before " + label + ": " + stopped.get(), millis);
        caveats.put(brokerId, "ran after a restart of the broker (before " + label + ": " + firstClause(stopped.get())
                + "), killed and started again on its data in " + millis + " ms");
        return Optional.empty();
    }

    /** A cell's drain ({@code label}) killed the broker, which had stopped ({@code why}), and started it again. */
    void inDrain(String brokerId, String label, String why) {
        caveats.put(brokerId, "ran after a restart of the broker (in " + label + "'s drain: " + why
                + "), killed and started again on its data");
    }

    /** What a cell of the broker says of its last restart; empty when it was not restarted. */
    Optional<String> caveat(String brokerId) {
        return Optional.ofNullable(caveats.get(brokerId));
    }

    /** A stop's reason without its evidence (which follows the first semicolon). */
    static String firstClause(String stop) {
        return stop.replaceFirst(";.*", "");
    }
}
