package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Cluster;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Undo;
import java.util.Optional;
import java.util.regex.Pattern;

/** The faults a cell may inject, done to a broker instance the run started. */
final class InstanceControl implements BrokerControl {
    /** How long a fault waits for the broker's log to state what it recovered at the restart. */
    private static final java.time.Duration RECOVERY_STATEMENT_WAIT = java.time.Duration.ofSeconds(10);
    /** How long a connection to a broker that still serves may take. */
    private static final int CONNECT_MILLIS = 2_000;
    private final BrokerRuntime runtime;
    private final BrokerInstance broker;
    private final Runnable restarted;
    private final Watch watch;
    /** The relay the cell's clients reach the broker through, for a slow link; else null. */
    private final dev.brokerbench.core.broker.LinkShaper shaper;
    private int statementsBeforeRestart;
    /** What {@link #stoppedAnswering()} last found, for what a restart says. */
    private String lastSilence;
    /** The watch of the broker while the cell runs; null before {@link #watchCell()} and for a cell not watched. */
    private CellWatch cellWatch;
    /** Whether the watch's catch was given to a drain, which starts the broker again. */
    private boolean catchGiven;
    /** When {@link #restartStopped()} last killed the broker to start it again; null before. */
    private java.time.Instant restartedAt;

    /**
     * How a broker that stopped answering is caught.
     *
     * @param limit     how long its living process may leave its port unanswered
     * @param recovered told why, after it was killed and started again on its data
     */
    record Watch(java.time.Duration limit, java.util.function.Consumer<String> recovered) {
    }

    /**
     * @param restarted told after each restart (the broker may have come back without the cell's queue)
     * @param shaper    the relay the cell's clients reach the broker through, for a slow link; else null
     * @param watch     how a broker that stopped answering is caught
     */
    InstanceControl(BrokerRuntime runtime, BrokerInstance broker, Runnable restarted,
                    dev.brokerbench.core.broker.LinkShaper shaper, Watch watch) {
        this.runtime = runtime;
        this.broker = broker;
        this.restarted = restarted;
        this.shaper = shaper;
        this.watch = watch;
    }

    @Override
    public Undo slowLink(java.time.Duration oneWay, java.time.Duration jitter) {
        if (shaper == null) {
            throw new UnsupportedOperationException("the cell's clients reach the broker directly: no relay to slow");
        }
        return shaper.slow(oneWay, jitter);
    }

    @Override
    public void kill() {
        broker.kill();
    }

    @Override
    public void pause() {
        broker.pause();
    }

    @Override
    public void resume() {
        broker.resume();
    }

    @Override
    public Undo dropPackets(double share) {
        return broker.dropPackets(share);
    }

    @Override
    public Undo fillDisk(long leftBytes) {
        return broker.fillDisk(leftBytes);
    }

    /** Its process runs and its first protocol's port takes a connection (a broker can stop serving first). */
    @Override
    public boolean alive() {
        if (!broker.alive()) {
            return false;
        }
        Endpoint endpoint = broker.endpoint(runtime.broker().protocols().get(0));
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress(endpoint.host(), endpoint.port()), CONNECT_MILLIS);
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Watches the broker until the returned watch is closed ({@link CellWatch}). */
    CellWatch watchCell() {
        cellWatch = CellWatch.start(broker, watch.limit());
        return cellWatch;
    }

    @Override
    public Optional<String> stoppedDuringCell() {
        return cellWatch == null ? Optional.empty() : cellWatch.caught();
    }

    /**
     * The watch's catch, the first time it is asked after one (the watch killed the broker); else a probe, whose stop
     * is the cell's too.
     */
    @Override
    public Optional<String> stoppedAnswering() throws InterruptedException {
        Optional<String> caught = stoppedDuringCell();
        if (caught.isPresent() && !catchGiven) {
            catchGiven = true;
            lastSilence = caught.get();
            return caught;
        }
        Optional<String> stopped = BrokerWatch.stopped(broker, watch.limit(), CellWatch.DURING);
        lastSilence = stopped.orElse(null);
        if (stopped.isPresent() && cellWatch != null) {
            catchGiven = true;
            cellWatch.saw(stopped.get());
        }
        return stopped;
    }

    @Override
    public Optional<String> restartStopped() {
        restartedAt = java.time.Instant.now();
        Optional<String> failed = cellWatch == null ? BrokerWatch.restart(broker)
                : cellWatch.lookingAway(() -> BrokerWatch.restart(broker));
        if (failed.isEmpty()) {
            restarted.run();
            watch.recovered().accept(lastSilence == null ? "it stopped answering"
                    : BrokerRestarts.firstClause(lastSilence));
        }
        return failed;
    }

    @Override
    public Optional<String> outOfHeapSinceRestart() {
        if (restartedAt == null) {
            return Optional.empty();
        }
        return broker.gcLog().filter(java.nio.file.Files::isRegularFile).flatMap(log -> {
            try {
                return dev.brokerbench.core.broker.gc.OutOfHeap.since(
                        dev.brokerbench.core.broker.gc.GcLogReader.read(log), restartedAt);
            } catch (java.io.IOException | RuntimeException e) {
                return Optional.empty(); // unreadable: the drain goes on to ask whether it answers
            }
        });
    }

    @Override
    public long restart() throws BrokerStartException {
        statementsBeforeRestart = BrokerLog.count(broker.log(), runtime.broker().logSignals().recovery());
        broker.restart();
        restarted.run();
        return broker.info().startToReadyMillis();
    }

    /** Waits a while for it: a broker may write its log behind (RabbitMQ's reaches the file seconds later). */
    @Override
    public String recoveryStatement() {
        Optional<Pattern> statement = runtime.broker().logSignals().recovery();
        if (statement.isEmpty()) {
            return null;
        }
        long deadline = System.nanoTime() + RECOVERY_STATEMENT_WAIT.toNanos();
        Optional<String> said;
        while ((said = BrokerLog.statementAfter(broker.log(), statementsBeforeRestart, statement)).isEmpty()
                && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return said.orElse(null);
    }

    @Override
    public Cluster cluster() {
        return broker.cluster().orElseThrow(() -> new IllegalStateException(runtime.broker().displayName()
                + " runs a single node: no leader to kill"));
    }
}
