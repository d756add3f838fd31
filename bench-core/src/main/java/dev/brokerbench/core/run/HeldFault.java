package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.Cluster;
import dev.brokerbench.core.broker.Undo;
import dev.brokerbench.core.metrics.Outage;
import dev.brokerbench.core.model.Fault;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A fault that holds for a stated time during a phase, then ends: a paused broker, node or consumer continued, a cut
 * or lossy link healed, a full disk freed ({@link Fault#held()}). It begins when the fault's trigger fires and is
 * ended on a thread of its own, so the clients see only a broker, a link or a consumer that misbehaves. It is always ended, even when the wait is
 * interrupted or the beginning failed half-way.
 */
final class HeldFault {
    private final Duration held;
    private final ErrorLog errors;
    private volatile long beganNanos;
    private volatile long endedNanos;

    /** @param errors where a beginning or an end that failed is told (the cell then has no figures of the fault) */
    HeldFault(Duration held, ErrorLog errors) {
        this.held = held;
        this.errors = errors;
    }

    /**
     * How {@code fault} begins on {@code control}: what it returns ends it.
     *
     * @param leader the node leading the cell's queue, for a fault that pauses or cuts it off; else null
     */
    static java.util.function.Supplier<Undo> beginning(Fault fault, BrokerControl control, Cluster.Node leader) {
        if (fault.form() == Fault.Form.PAUSE_BROKER) {
            return () -> pause(control::pause, control::resume);
        }
        if (fault.form() == Fault.Form.PAUSE_LEADER) {
            Cluster cluster = control.cluster();
            return () -> pause(() -> cluster.pause(leader), () -> cluster.resume(leader));
        }
        if (fault.form() == Fault.Form.CUT_LINK) {
            return () -> control.dropPackets(1);
        }
        if (fault.form() == Fault.Form.CUT_LEADER) {
            Cluster cluster = control.cluster();
            return () -> cluster.cut(leader);
        }
        if (fault instanceof Fault.SlowLink slow) {
            return () -> control.slowLink(slow.delay(), slow.jitter());
        }
        if (fault instanceof Fault.LossyLink lossy) {
            return () -> control.dropPackets(lossy.lossPercent() / 100);
        }
        if (fault instanceof Fault.FillDisk disk) {
            return () -> control.fillDisk(disk.leftBytes());
        }
        throw new IllegalArgumentException(fault + " does not hold for a stated time");
    }

    /** SIGSTOP, whose undo is SIGCONT; a stop that failed half-way is continued before the failure is told. */
    private static Undo pause(Runnable stop, Runnable resume) {
        try {
            stop.run();
        } catch (RuntimeException e) { // it may have stopped part of the broker: continue whatever it did
            try {
                resume.run();
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        return resume::run;
    }

    /** Begins the fault, waits the stated time, ends it. */
    void run(java.util.function.Supplier<Undo> begin) {
        long began = System.nanoTime();
        Undo undo = null;
        try {
            undo = begin.get();
            beganNanos = began;
            long until = began + held.toNanos();
            for (long left = until - System.nanoTime(); left > 0; left = until - System.nanoTime()) {
                LockSupport.parkNanos(left); // not interruptible: the fault holds exactly as stated
            }
        } catch (RuntimeException e) {
            errors.add("fault: it did not begin", e);
        } finally {
            end(undo);
        }
    }

    private void end(Undo undo) {
        if (undo == null) {
            return;
        }
        try {
            // stamped as the end is sent: the broker may go on before the command that ends it returns
            long ending = System.nanoTime();
            undo.close();
            if (beganNanos != 0) {
                endedNanos = ending;
            }
        } catch (RuntimeException e) {
            errors.add("fault: it did not end", e);
        }
    }

    /**
     * What the fault did to a phase's completions; empty when it never came or failed.
     *
     * @param timeline   every completion time of the phase, sorted
     * @param startNanos the phase's common start
     * @param endNanos   when the last client was done: a silence up to here that no completion ended is no outage
     *                   the clients recovered from (they had given up, or were done before the fault ended)
     */
    Optional<Held> outcome(long[] timeline, long startNanos, long endNanos) {
        if (beganNanos == 0 || endedNanos == 0) {
            return Optional.empty();
        }
        // the clients may be done before the fault ends: its rate counts only the time they were still sending
        return Optional.of(new Held(endedNanos - beganNanos, Outage.after(timeline, beganNanos, endNanos),
                rate(timeline, startNanos, beganNanos),
                rate(timeline, beganNanos, Math.min(endedNanos, endNanos))));
    }

    /** Completions per second in [from, to). */
    static double rate(long[] timeline, long from, long to) {
        if (to <= from) {
            return 0;
        }
        long count = java.util.Arrays.stream(timeline).filter(t -> t >= from && t < to).count();
        return count * 1e9 / (to - from);
    }

    /**
     * @param heldNanos  from the fault's beginning to its end (SIGSTOP to SIGCONT, cut to heal)
     * @param outage     the longest silence in the completions after it began, and what ended it; empty when no
     *                   completion did (the clients had given up, or had nothing left to send)
     * @param rateBefore completions per second from the phase's start to the fault
     * @param rateDuring completions per second while it held and the clients were still sending
     */
    record Held(long heldNanos, Optional<Outage> outage, double rateBefore, double rateDuring) {
        long heldMillis() {
            return TimeUnit.NANOSECONDS.toMillis(heldNanos);
        }

        /**
         * From the fault's end to the completion that ended the longest silence; empty when that came while the fault
         * still held (a lossy link lets some through) or none did.
         */
        OptionalLong endedAfterMillis() {
            return outage.filter(o -> o.resumedAfterKillNanos() >= heldNanos).map(o -> OptionalLong.of(
                    TimeUnit.NANOSECONDS.toMillis(o.resumedAfterKillNanos() - heldNanos))).orElse(OptionalLong.empty());
        }

        OptionalLong silenceMillis() {
            return outage.map(o -> OptionalLong.of(TimeUnit.NANOSECONDS.toMillis(o.silenceNanos())))
                    .orElse(OptionalLong.empty());
        }
    }
}
