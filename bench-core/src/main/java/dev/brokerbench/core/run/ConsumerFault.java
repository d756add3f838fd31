package dev.brokerbench.core.run;

import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.run.remote.ProcessConsumer;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Strikes the first consumer process once the drain has received the threshold: checked on the receiving thread at
 * every delivery. A kill is sent there (a signal, no waiting), so a fast drain cannot run far past the point before
 * it lands; a pause is held on a thread of its own ({@link HeldFault}: SIGSTOP, the stated time, SIGCONT), so the
 * other consumers go on receiving meanwhile.
 */
final class ConsumerFault {
    private final long threshold;
    private final AtomicReferenceArray<ProcessConsumer> processes;
    private final HeldFault held;
    private final java.time.Duration pause;
    private final AtomicBoolean fired = new AtomicBoolean();
    private volatile long countAtKill = -1;
    private volatile long killNanos;
    private volatile String victim;
    private Thread holder;

    /**
     * @param fault  a kill or a pause of a consumer
     * @param errors where a pause that did not begin or end is told
     */
    ConsumerFault(Fault fault, long threshold, AtomicReferenceArray<ProcessConsumer> processes, ErrorLog errors) {
        this.threshold = threshold;
        this.processes = processes;
        this.pause = fault.held().orElse(null);
        this.held = pause == null ? null : new HeldFault(pause, errors);
    }

    /** Called after every delivery with the phase's count so far. */
    void delivered(long count, long nowNanos) {
        if (count < threshold || fired.get()) {
            return;
        }
        ProcessConsumer struck = processes.get(0);
        if (struck != null && fired.compareAndSet(false, true)) {
            killNanos = nowNanos;
            countAtKill = count;
            victim = "consumer process 1 of " + processes.length() + " (pid " + struck.pid() + ")";
            if (held == null) {
                struck.kill();
                return;
            }
            Thread t = new Thread(() -> held.run(() -> {
                try {
                    struck.pause();
                } catch (RuntimeException e) { // it may have stopped: continue it whatever happened
                    struck.resume();
                    throw e;
                }
                return struck::resume;
            }), "consumer-pause");
            t.setDaemon(true);
            synchronized (this) {
                holder = t;
            }
            t.start();
        }
    }

    /** Waits until a pause that began has ended (the consumer continued), so that no process is closed stopped. */
    void awaitEnd() throws InterruptedException {
        Thread t;
        synchronized (this) {
            t = holder;
        }
        if (t != null) {
            t.join(pause.toMillis() + 10_000);
        }
    }

    /** Messages received when the kill or the pause was sent; empty if it never was. */
    OptionalLong countAtKill() {
        return countAtKill < 0 ? OptionalLong.empty() : OptionalLong.of(countAtKill);
    }

    long killNanos() {
        return killNanos;
    }

    /** Which consumer it struck, e.g. {@code consumer process 1 of 2 (pid 4242)}; null before it did. */
    String victim() {
        return victim;
    }

    /**
     * What a pause did to the deliveries ({@link HeldFault#outcome}); empty for a kill, or a pause that never came or
     * failed.
     */
    Optional<HeldFault.Held> held(long[] timeline, long startNanos, long endNanos) {
        return held == null ? Optional.empty() : held.outcome(timeline, startNanos, endNanos);
    }
}
