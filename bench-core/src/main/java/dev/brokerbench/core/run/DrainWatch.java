package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.model.Backlog;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.BacklogDrain;
import dev.brokerbench.core.result.LatencySummary;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;

/**
 * The consumers of a live case with a {@link Backlog}: they wait until the publishers' confirmed messages reach its
 * depth, then start; each first receipt is kept (its time and its message's send time, 16 bytes) so that, once the drain is over, the
 * time they took to catch up (to the last message sent before they started) and the latency during and after it are
 * exact.
 */
final class DrainWatch {
    /** How often the watching consumer counts the confirmations (a count walks every stream's bit set). */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private final Backlog backlog;
    private final SendLedger sent;
    private final AtomicLong startNanos = new AtomicLong();
    private final AtomicLong depthAtStart = new AtomicLong();
    /** Per stream, the messages handed to the library when the consumers started; null until then. */
    private volatile long[] sentAtStart;
    private final java.util.concurrent.atomic.AtomicBoolean watching = new java.util.concurrent.atomic.AtomicBoolean();
    private final java.util.concurrent.CountDownLatch built = new java.util.concurrent.CountDownLatch(1);
    private final Receipts[] receipts;
    private volatile long publishersStartNanos;

    private DrainWatch(Backlog backlog, SendLedger sent, int receivers) {
        this.backlog = backlog;
        this.sent = sent;
        this.receipts = new Receipts[receivers];
        for (int i = 0; i < receivers; i++) {
            receipts[i] = new Receipts();
        }
    }

    /** The watch of {@code w}'s backlog over the sends of {@code sent}, or null when it has none. */
    static DrainWatch of(Workload w, SendLedger sent) {
        Backlog backlog = w.shape() instanceof LiveCase l ? l.backlog() : null;
        return backlog == null ? null : new DrainWatch(backlog, sent, w.consumers());
    }

    void publishersStarted(long nanos) {
        publishersStartNanos = nanos;
    }

    /**
     * On a consumer's thread, before it subscribes: waits until the backlog is built, or the publishers are done
     * (failed short of it: the consumers drain what there is). The first consumer here watches the count and records
     * the start; the others wait for it.
     */
    void awaitBacklog(BooleanSupplier publishing) throws InterruptedException {
        if (!watching.compareAndSet(false, true)) {
            built.await(); // another consumer watches
            return;
        }
        try {
            long confirmed;
            while ((confirmed = sent.confirmedTotal()) < backlog.messages() && publishing.getAsBoolean()) {
                LockSupport.parkNanos(POLL_NANOS);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
            started(System.nanoTime(), confirmed, sent.sentCounts());
        } finally {
            built.countDown(); // interrupted too: the others are being stopped as well
        }
    }

    /** The consumers start at {@code nanos}, {@code depth} confirmed, {@code sentCounts} sent per stream. */
    void started(long nanos, long depth, long[] sentCounts) {
        depthAtStart.set(depth);
        sentAtStart = sentCounts;
        startNanos.set(nanos);
    }

    /** A first receipt by {@code receiver} at {@code nanos} of a message sent (intended) at {@code sendNanos}. */
    void received(int receiver, long nanos, long sendNanos) {
        receipts[receiver].add(nanos, sendNanos);
    }

    /**
     * The drain, once the consumers are done, from {@code ledger}, their receipts: caught up only when every message
     * handed to the library before they started arrived.
     */
    BacklogDrain result(dev.brokerbench.core.metrics.ReceiveLedger ledger) {
        long start = startNanos.get();
        long[] sentBefore = sentAtStart;
        boolean whole = start != 0 && sentBefore != null && ledger.missingBelow(sentBefore) == 0;
        long backlogCount = 0;
        long lastBacklog = Long.MIN_VALUE;
        for (Receipts r : receipts) {
            for (int i = 0; i < r.size; i++) {
                if (r.sendNanos[i] < start) {
                    backlogCount++;
                    lastBacklog = Math.max(lastBacklog, r.times[i]);
                }
            }
        }
        boolean caught = whole && lastBacklog != Long.MIN_VALUE;
        long caughtUp = caught ? lastBacklog : Long.MAX_VALUE; // without a catch-up every receipt came during it
        Histogram during = new Histogram(TimeUnit.HOURS.toNanos(1), 3);
        Histogram after = new Histogram(TimeUnit.HOURS.toNanos(1), 3);
        long duringCount = 0;
        long waiting = 0;
        for (Receipts r : receipts) {
            for (int i = 0; i < r.size; i++) {
                long latency = Math.min(Math.max(0, r.times[i] - r.sendNanos[i]), TimeUnit.HOURS.toNanos(1));
                if (r.times[i] <= caughtUp) {
                    during.recordValue(latency);
                    duringCount += r.times[i] >= start ? 1 : 0;
                } else {
                    after.recordValue(latency);
                    waiting += r.sendNanos[i] <= caughtUp ? 1 : 0;
                }
            }
        }
        Double catchUp = caught ? (caughtUp - start) / 1e9 : null;
        return new BacklogDrain(depthAtStart.get(), backlogCount, (start - publishersStartNanos) / 1e9, catchUp,
                caught && catchUp > 0 ? duringCount / catchUp : null,
                during.getTotalCount() == 0 ? null : LatencySummary.of(during),
                after.getTotalCount() == 0 ? null : LatencySummary.of(after),
                sentBefore == null ? null : java.util.Arrays.stream(sentBefore).sum(), caught ? waiting : null);
    }

    /** One consumer's first receipts: receipt time and the message's (intended) send time. */
    private static final class Receipts {
        private long[] times = new long[1024];
        private long[] sendNanos = new long[1024];
        private int size;

        synchronized void add(long nanos, long sent) {
            if (size == times.length) {
                times = Arrays.copyOf(times, size * 2);
                sendNanos = Arrays.copyOf(sendNanos, size * 2);
            }
            times[size] = nanos;
            sendNanos[size] = sent;
            size++;
        }
    }
}
