package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerInstance;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The broker during a cell: a thread that looks at its process and asks it for its protocol's handshake every
 * {@link #PROBE_PAUSE_MILLIS}. A process that died, or one alive that has not answered for the run's limit, is caught
 * once, with the evidence, and killed: the cell's clients then fail at once instead of each waiting out its timeouts,
 * and the cell's drain starts the broker again on its data and accounts for what it had confirmed. A restart the
 * suite makes itself ({@link #lookingAway}) is not a stop.
 */
final class CellWatch implements AutoCloseable {
    /** How long the watch waits between two looks at the broker (each handshake may take a couple of seconds). */
    static final long PROBE_PAUSE_MILLIS = 2_000;
    /** When a stop this watch catches happened. */
    static final String DURING = "during the cell";
    /** The longest a closing watch is waited for. */
    private static final long CLOSE_WAIT_MILLIS = 5_000;
    private final BrokerInstance broker;
    private final Duration limit;
    private final Thread thread;
    private volatile String caught;
    /** Changed by every restart the suite makes itself: a look that straddled one is not believed. */
    private long restarts;

    private CellWatch(BrokerInstance broker, Duration limit) {
        this.broker = broker;
        this.limit = limit;
        this.thread = new Thread(this::watch, "cell-watch");
        thread.setDaemon(true);
    }

    /** A watch of {@code broker}, started: it catches a stop after {@code limit} without an answer. */
    static CellWatch start(BrokerInstance broker, Duration limit) {
        CellWatch watch = new CellWatch(broker, limit);
        watch.thread.start();
        return watch;
    }

    /** Why the broker was caught stopped during the cell (and killed); empty while it was not. */
    Optional<String> caught() {
        return Optional.ofNullable(caught);
    }

    /** Runs the suite's own restart of the broker: the watch does not take it for a stop. */
    synchronized <T> T lookingAway(Supplier<T> restart) {
        restarts++;
        try {
            return restart.get();
        } finally {
            restarts++;
        }
    }

    private void watch() {
        long silentSince = -1;
        try {
            while (caught == null) {
                Thread.sleep(PROBE_PAUSE_MILLIS);
                long before = restartsSoFar();
                boolean alive = broker.alive();
                if (alive && broker.answers()) {
                    silentSince = -1;
                    continue;
                }
                long now = System.nanoTime();
                silentSince = silentSince < 0 ? now : silentSince;
                if ((!alive || now - silentSince >= limit.toNanos()) && !caught(before, alive)) {
                    silentSince = -1; // the look straddled the suite's own restart
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the cell ended
        }
    }

    /**
     * Catches the stop a look saw, and kills the broker; false when a restart of the suite's straddled the look, or
     * the cell ended during it (the watch is closing: the next cell's own look decides).
     */
    private synchronized boolean caught(long restartsBefore, boolean alive) {
        if (restarts != restartsBefore || Thread.currentThread().isInterrupted()) {
            return false;
        }
        caught = (alive ? "stopped answering " + DURING + ": no answer on its port through its protocol for "
                + limit.toSeconds() + " s, its process alive" : BrokerWatch.died(DURING))
                + BrokerWatch.evidence(broker);
        broker.kill();
        return true;
    }

    /** A stop the suite saw itself during the cell (a drain's probe): the cell's, unless one was caught first. */
    synchronized void saw(String stop) {
        if (caught == null) {
            caught = stop;
        }
    }

    private synchronized long restartsSoFar() {
        return restarts;
    }

    /** Stops watching: the cell ended. */
    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join(CLOSE_WAIT_MILLIS); // a handshake in progress is not interrupted: it ends within its own limit
    }
}
