package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.OrderTracker;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.ReceiveLedger;
import dev.brokerbench.core.metrics.Reconciler;
import dev.brokerbench.core.result.Accounting;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Plain consumers that take what a drain left on the queue, into the drain's own ledger: not measured, only
 * accounted. They follow a selector's consumers (the messages it does not match), and a drain whose consumers could
 * not consume: a missing message is called lost only once a drain could ask for it.
 */
final class LeftDrain {
    /** A drain whose consumers could not consume is tried once more this long after it ended. */
    static final long AGAIN_AFTER_MILLIS = 5_000;

    private LeftDrain() {
    }

    /**
     * The drain's account once its consumers' failures are ridden out: as it was when every consumer could consume or
     * nothing is missing; else plain consumers try once more {@link #AGAIN_AFTER_MILLIS} later, and what they could
     * not take is lost when they could consume; when they could not either, a broker that stopped (dead, silent, or
     * caught so during the cell) is started again and asked for it ({@link #restartAndTake}), and one that answers
     * holds it ({@link Accounting#heldBy}).
     *
     * @param failed the drain's consumers that could not consume (their session did not open, or their consume threw)
     */
    static Accounting afterFailures(PhaseContext ctx, ReceiveLedger ledger, List<OrderTracker> order,
                                    Accounting first, int failed, long idleNanos, ErrorLog errors)
            throws InterruptedException {
        if (first.silentlyLost() == 0) { // a refused send's message is not the drain's to find
            return first;
        }
        if (failed == 0) {
            return afterSilence(ctx, ledger, order, first, idleNanos, errors);
        }
        String name = ctx.phase().name();
        int consumers = ctx.workload().consumers();
        TimeUnit.MILLISECONDS.sleep(AGAIN_AFTER_MILLIS);
        int failedAgain = take(ctx, name + "-again", ledger, idleNanos, errors);
        Accounting again = Reconciler.reconcileEach(false, ledger.sent(), List.of(ledger), order);
        String tried = failed + " of " + consumers + " consumers could not consume; plain consumers tried once more "
                + AGAIN_AFTER_MILLIS / 1000 + " s later and received " + cameBack(first, again) + " of the "
                + first.silentlyLost() + " messages missing";
        if (failedAgain == 0 || again.silentlyLost() == 0) {
            errors.add(name + ": " + tried);
            return again;
        }
        java.util.Optional<String> stopped = ctx.cell().control().stoppedAnswering();
        if (stopped.isPresent()) { // dead, or silent: started again, it is asked for what it kept
            errors.add(name + ": " + tried + ", " + failedAgain + " of them could not consume either");
            return restartAndTake(ctx, ledger, order, again, "the broker " + stopped.get(), idleNanos, errors);
        }
        errors.add(name + ": " + tried + ", " + failedAgain + " of them could not consume either: the "
                + again.silentlyLost() + " still missing are held by a broker that did not answer, not counted as"
                + " lost");
        return again.heldBy(tried + "; " + failedAgain + " could not consume either");
    }

    /**
     * A drain whose consumers consumed and still missed messages: lost, unless the broker stopped answering (a process
     * alive and silent, e.g. in collections that free nothing, or dead): then it is started again and asked for them
     * ({@link #restartAndTake}).
     */
    private static Accounting afterSilence(PhaseContext ctx, ReceiveLedger ledger, List<OrderTracker> order,
                                           Accounting first, long idleNanos, ErrorLog errors)
            throws InterruptedException {
        java.util.Optional<String> stopped = ctx.cell().control().stoppedAnswering();
        return stopped.isEmpty() ? first
                : restartAndTake(ctx, ledger, order, first, "the broker " + stopped.get(), idleNanos, errors);
    }

    /**
     * Kills the broker that stopped ({@code why}) and starts it again on its data; plain consumers take what it kept
     * into the drain's ledger: what they find is received, what is still missing lost; held when it does not come
     * back, they cannot consume, or it runs out of heap or stops answering again (restarted with the same heap and
     * the same backlog: it is not restarted twice).
     */
    private static Accounting restartAndTake(PhaseContext ctx, ReceiveLedger ledger, List<OrderTracker> order,
                                             Accounting first, String why, long idleNanos, ErrorLog errors)
            throws InterruptedException {
        BrokerControl control = ctx.cell().control();
        String name = ctx.phase().name();
        java.util.Optional<String> notBack = control.restartStopped();
        if (notBack.isPresent()) {
            errors.add(name + ": " + why + "; " + notBack.get() + ": the " + first.silentlyLost() + " messages missing"
                    + " are held by it, not counted as lost");
            return first.heldBy(why + "; " + notBack.get());
        }
        int failedAgain = take(ctx, name + "-after-restart", ledger, idleNanos, errors);
        Accounting again = Reconciler.reconcileEach(false, ledger.sent(), List.of(ledger), order);
        String tried = why + "; killed and started again on its data, plain consumers received "
                + cameBack(first, again) + " of the " + first.silentlyLost() + " messages missing";
        if (failedAgain > 0 && again.silentlyLost() > 0) {
            errors.add(name + ": " + tried + ", " + failedAgain + " of them could not consume: the "
                    + again.silentlyLost() + " still missing are held, not counted as lost");
            return again.heldBy(tried + "; " + failedAgain + " could not consume");
        }
        java.util.Optional<String> stoppedAgain = again.silentlyLost() > 0 ? stoppedAgain(control)
                : java.util.Optional.empty();
        if (stoppedAgain.isPresent()) {
            // restarted with the same heap and the same backlog, it stalled again (Apollo out of heap did, 9-13 s on)
            errors.add(name + ": " + tried + "; after the restart it " + stoppedAgain.get() + ": the "
                    + again.silentlyLost() + " still missing are held by it, not counted as lost");
            return again.heldBy(tried + "; after the restart it " + stoppedAgain.get());
        }
        errors.add(name + ": " + tried);
        return again;
    }

    /**
     * How many of the messages missing before (sent without a failure, or confirmed) a later take found: a refused
     * send is not missing, the drain never waited for it.
     */
    private static long cameBack(Accounting before, Accounting after) {
        return before.silentlyLost() - after.silentlyLost();
    }

    /**
     * Why a restarted broker could not give back what it kept: out of heap again by its GC log (Apollo answered its
     * protocol's handshake in that state and held a browse 30 s unanswered), or silent again.
     */
    private static java.util.Optional<String> stoppedAgain(BrokerControl control) throws InterruptedException {
        java.util.Optional<String> outOfHeap = control.outOfHeapSinceRestart();
        return outOfHeap.isPresent() ? outOfHeap : control.stoppedAnswering();
    }

    /**
     * Plain consumers, one per client of the workload, take what is left on each client's queue into
     * {@code ledger}; returns how many of them could not consume.
     */
    static int take(PhaseContext ctx, String name, ReceiveLedger ledger, long idleNanos, ErrorLog errors)
            throws InterruptedException {
        int clients = ctx.workload().consumers();
        long expected = ledger.expectedTotal();
        ProgressClock clock = new ProgressClock(clients, expected);
        AtomicLongArray lastDelivery = new AtomicLongArray(clients * ConsumerDrain.STRIDE);
        AtomicInteger failed = new AtomicInteger();
        ClientThreads.run(name, clients, client -> failing(failed, () -> ctx.driver().consumer(
                        ctx.workload().queueOf(client))),
                (client, consumer) -> failing(failed, () -> {
                    consumer.start();
                    ConsumerDrain.run(ctx, client, consumer, ledger, new OrderTracker(ledger.streams().size()), clock,
                            lastDelivery, idleNanos, ConsumePhase.SETTLE_MILLIS, null, null, null, errors);
                    return null;
                }),
                t -> {
                    clock.start(t);
                    for (int i = 0; i < clients; i++) {
                        lastDelivery.set(i * ConsumerDrain.STRIDE, t);
                    }
                },
                ctx.limits().sessionOpen(), ConsumePhase.deadline(ctx, expected), errors);
        return failed.get();
    }

    /** Runs {@code step}, counting it in {@code failed} when it throws (not when it is interrupted). */
    static <T> T failing(AtomicInteger failed, java.util.concurrent.Callable<T> step) throws Exception {
        try {
            return step.call();
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            failed.incrementAndGet();
            throw e;
        }
    }
}
