package dev.brokerbench.brokers.container;

import dev.brokerbench.process.ProcessTrees;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * A container's processes stopped where they stand, and let go on. First the engine's pause (the cgroup freezer),
 * tried {@link #FREEZE_ATTEMPTS} times: it can refuse ("OCI runtime pause failed: unable to freeze") while a process
 * is inside the kernel, as a broker is during its disk syncs. When it refuses every time, SIGSTOP from the host to
 * the container's main process and every process it started (a signal to the first process alone would stop only a
 * start script), each then checked stopped by the kernel's word. Resumed the way it was paused. What cannot be paused
 * either way throws, so the fault is reported as not begun.
 */
final class ContainerPause {
    static final int FREEZE_ATTEMPTS = 3;
    static final Duration BETWEEN_ATTEMPTS = Duration.ofMillis(200);
    /** How long SIGSTOP may take to stop every thread of the container's processes. */
    static final Duration STOP_PATIENCE = Duration.ofSeconds(2);

    /** The engine's two calls for one container. */
    interface Engine {
        void freeze();

        void thaw();
    }

    private final Engine engine;
    private final LongSupplier hostPid;
    private List<ProcessHandle> signalled;
    private String how = "not paused";

    /**
     * @param engine  freezes and thaws the container
     * @param hostPid the host's pid of the container's main process, or -1 where it runs on another host
     */
    ContainerPause(Engine engine, LongSupplier hostPid) {
        this.engine = engine;
        this.hostPid = hostPid;
    }

    /** Stops every process of the container; how it did so in {@link #how()}. */
    void pause() {
        List<String> refusals = new ArrayList<>();
        for (int attempt = 1; attempt <= FREEZE_ATTEMPTS; attempt++) {
            try {
                engine.freeze();
                how = refusals.isEmpty() ? "frozen" : "frozen at the " + attempt + ". attempt (" + refusals.get(0)
                        + ")";
                return;
            } catch (RuntimeException e) {
                refusals.add(e.getMessage());
                LockSupport.parkNanos(BETWEEN_ATTEMPTS.toNanos());
            }
        }
        String refused = "the engine refused to freeze the container " + FREEZE_ATTEMPTS + " times (" + refusals.get(
                refusals.size() - 1) + ")";
        long pid = hostPid.getAsLong();
        ProcessHandle main = pid <= 0 ? null : ProcessHandle.of(pid).orElse(null);
        if (main == null) {
            throw new IllegalStateException(refused + " and its processes are not on this host");
        }
        signalled = ProcessTrees.stop(main, STOP_PATIENCE);
        how = "SIGSTOP to its " + signalled.size() + " processes from the host: " + refused;
    }

    /** Lets every process go on, the way it was stopped. */
    void resume() {
        if (signalled == null) {
            engine.thaw();
            return;
        }
        ProcessTrees.signal(signalled.get(0), "CONT");
        signalled = null;
    }

    /** How the last pause stood the container still: "frozen", or the signal and the engine's refusal. */
    String how() {
        return how;
    }
}
