package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.OrderTracker;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.Reconciler;
import dev.brokerbench.core.metrics.ReceiveLedger;
import dev.brokerbench.core.metrics.ResourceMeter;
import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Drains the queue the preceding publish phase filled: every client consumes until all sent messages arrived (then
 * a short settle to catch duplicates) or nothing arrived for the idle timeout; then reconciles sequence numbers.
 */
final class ConsumePhase {
    private static final int WINDOW = 1000;
    private static final long POLL_MILLIS = 100;
    /** After the last expected message, a consumer waits this long for stray duplicates before it stops. */
    static final long SETTLE_MILLIS = 250;

    private ConsumePhase() {
    }

    record Outcome(PhaseResult result, Accounting accounting) {
    }

    static Outcome run(PhaseContext ctx, SendLedger sent) throws InterruptedException {
        int clients = ctx.workload().clients();
        // what the broker confirmed must arrive; after a fault, unconfirmed messages may or may not
        long expected = sent.confirmedTotal();
        ReceiveLedger ledger = new ReceiveLedger(sent.streams());
        ProgressClock clock = new ProgressClock(expected, WINDOW);
        List<OrderTracker> order = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            order.add(new OrderTracker(sent.streams().size()));
        }
        AtomicLongArray lastDelivery = new AtomicLongArray(clients);
        ErrorLog errors = new ErrorLog();
        ResourceMeter meter = new ResourceMeter(ctx.brokerPid());
        long idleNanos = TimeUnit.SECONDS.toNanos(ctx.workload().idleTimeoutSeconds());
        String name = ctx.phase().name();

        ctx.progress().phaseStarted(ctx.label(), expected, clock::count);
        try {
            ClientThreads.run(name, clients, client -> ctx.driver().consumer(ctx.workload().queue()),
                    (client, consumer) -> drain(ctx, client, consumer, ledger, order.get(client), clock, lastDelivery,
                            expected, idleNanos),
                    t -> {
                        clock.start(t);
                        for (int i = 0; i < clients; i++) {
                            lastDelivery.set(i, t);
                        }
                    },
                    ctx.limits().sessionOpen(), ctx.limits().deadline(expected), errors);
        } finally {
            ctx.progress().phaseEnded();
        }
        clock.endIfIncomplete(System.nanoTime());
        Accounting accounting = Reconciler.reconcile(sent, ledger, order);
        if (accounting.lostConfirmed() > 0) {
            errors.add(name + ": " + accounting.lostConfirmed() + " of " + expected + " confirmed messages did not"
                    + " arrive within the idle timeout of " + ctx.workload().idleTimeoutSeconds() + " s");
        }
        PhaseResult result = new PhaseResult(name, ctx.phase().action(), null, ctx.phase().reported(), expected,
                clock.count(), PhaseSummaries.activeSeconds(clock), PhaseSummaries.rate(clock),
                PhaseSummaries.series(clock), null, null, meter.stop(), errors.snapshot());
        return new Outcome(result, accounting);
    }

    private static void drain(PhaseContext ctx, int client, Consumer consumer, ReceiveLedger ledger,
                              OrderTracker order, ProgressClock clock, AtomicLongArray lastDelivery, long expected,
                              long idleNanos) throws Exception {
        AckMode ackMode = ctx.workload().ackMode();
        boolean explicitAck = ackMode == AckMode.CLIENT || ackMode == AckMode.TRANSACTED;
        int ackBatch = ctx.workload().ackBatch();
        int unacked = 0;
        Delivery sink = (stream, sequence, sendNanos, bytes, redelivered) -> {
            long now = System.nanoTime();
            int index = ledger.record(stream, sequence, redelivered);
            if (index >= 0) {
                order.record(index, sequence);
            }
            clock.tick(now);
            lastDelivery.lazySet(client, now);
        };
        while (!Thread.currentThread().isInterrupted()) {
            boolean allIn = ledger.uniqueReceived() >= expected;
            boolean got = consumer.receive(allIn ? SETTLE_MILLIS : POLL_MILLIS, sink);
            if (got) {
                if (explicitAck && ++unacked >= ackBatch) {
                    consumer.acknowledge();
                    unacked = 0;
                }
            } else if (allIn || idleFor(lastDelivery) > idleNanos) {
                break;
            }
        }
        if (explicitAck && unacked > 0) {
            consumer.acknowledge();
        }
    }

    private static long idleFor(AtomicLongArray lastDelivery) {
        long latest = 0;
        for (int i = 0; i < lastDelivery.length(); i++) {
            latest = Math.max(latest, lastDelivery.get(i));
        }
        return System.nanoTime() - latest;
    }
}
