package dev.brokerbench.core.run;

import dev.brokerbench.core.run.remote.ProcessConsumer;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Kills the first consumer process once the drain has received the threshold: checked on the receiving thread at
 * every delivery and sent there (a signal, no waiting), so a fast drain cannot run far past the point before the
 * kill lands.
 */
final class ConsumerKiller {
    private final long threshold;
    private final AtomicReferenceArray<ProcessConsumer> processes;
    private final AtomicBoolean fired = new AtomicBoolean();
    private volatile long countAtKill = -1;
    private volatile long killNanos;

    ConsumerKiller(long threshold, AtomicReferenceArray<ProcessConsumer> processes) {
        this.threshold = threshold;
        this.processes = processes;
    }

    /** Called after every delivery with the phase's count so far. */
    void delivered(long count, long nowNanos) {
        if (count < threshold || fired.get()) {
            return;
        }
        ProcessConsumer victim = processes.get(0);
        if (victim != null && fired.compareAndSet(false, true)) {
            victim.kill();
            killNanos = nowNanos;
            countAtKill = count;
        }
    }

    /** Messages received when the kill was sent; empty if it never was. */
    OptionalLong countAtKill() {
        return countAtKill < 0 ? OptionalLong.empty() : OptionalLong.of(countAtKill);
    }

    long killNanos() {
        return killNanos;
    }
}
