package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.DestinationLedger;
import dev.brokerbench.core.metrics.IntervalSampler;
import dev.brokerbench.core.metrics.LatencyRecorder;
import dev.brokerbench.core.metrics.OrderTracker;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.ReceiveLedger;
import dev.brokerbench.core.metrics.Reconciler;
import dev.brokerbench.core.metrics.ResourceMeter;
import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.model.Selection;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.ResourceUsage;
import dev.brokerbench.core.run.remote.ProcessConsumer;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Selectors;
import dev.brokerbench.core.spi.Subscription;
import dev.brokerbench.core.spi.Topics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Drains the queue the preceding publish phase filled: every client consumes until every message the broker confirmed
 * (after unconfirmed sends: every message the library took) has arrived (then a short settle to catch duplicates) or
 * nothing arrived for the idle timeout; then reconciles sequence numbers.
 *
 * <p>What the rate counts: the first receipt of each of the phase's own messages, from the common start (taken
 * before any consumer subscribes, so nothing can be prefetched before it) to the last such receipt. Duplicates and
 * foreign messages are accounted, not counted as progress.
 */
final class ConsumePhase {
    private static final int STRIDE = ConsumerDrain.STRIDE;
    /** After the last expected message, a consumer waits this long for stray duplicates before it stops. */
    static final long SETTLE_MILLIS = 250;

    private ConsumePhase() {
    }

    /**
     * @param receivedAtKill messages received when a consumer process was killed or paused; empty without either
     * @param recoveryMillis from that kill (or pause) to the last message arriving (what the dead consumer held had to
     *                       come back to the others, or the paused one went on with); empty without either
     * @param shardReceipts  a shard's drain: what its consumers received, for the merge (its {@code accounting} is
     *                       null: it alone cannot tell); null when not sharded
     * @param startNanos     the phase's common start
     * @param victim         the consumer process a fault struck, e.g. {@code consumer process 1 of 2 (pid 4242)};
     *                       null without one
     * @param held           a consumer paused: how long, and what it did to the deliveries; else empty
     */
    record Outcome(PhaseResult result, Accounting accounting, OptionalLong receivedAtKill,
                   OptionalLong recoveryMillis, ShardReceipts shardReceipts, long startNanos, String victim,
                   java.util.Optional<HeldFault.Held> held) {
    }

    /** What a shard's consumers received, and each consumer's deliveries and reorderings. */
    record ShardReceipts(dev.brokerbench.core.metrics.ReceiptRecord receipts,
                         List<Accounting.ConsumerAccount> consumers) {
    }

    /** How long a consumer beside publishers may take to be ready for them (e.g. a Kafka group's assignment). */
    static final long READY_MILLIS = 10_000;

    /**
     * How long a consumer may take to hold its share of the queue before the clock starts (a Kafka group moves
     * partitions between members on their heartbeats, 5 s apart by default).
     */
    static final long JOIN_MILLIS = 15_000;

    /**
     * A shard's consumers cannot know what the other shards' received: they stop once none of them has had a message
     * for this long (after the first; before it, the idle timeout), and the merge does the accounting.
     */
    static final long SHARD_QUIET_MILLIS = 2000;

    /** After a consumer is killed, what it had not acknowledged comes back, maybe late: wait longer for it. */
    static final long SETTLE_AFTER_KILL_MILLIS = 3000;

    /**
     * What consumers that run beside the publishers (a live phase) share with them.
     *
     * @param clock      the consumers' clock, started by the publishers when they start
     * @param endToEnd   each first receipt's latency from its message's (intended) send
     * @param subscribed counted down by each consumer once it has subscribed, so publishing waits for them
     * @param steps      a rate schedule's steps, told each first receipt's latency; null for none
     * @param drain      a backlog's watch: the consumers subscribe once it is built, and it keeps their receipts;
     *                   null for consumers that subscribe before the publishers start
     */
    record Beside(ProgressClock clock, LatencyRecorder endToEnd, CountDownLatch subscribed, ScheduleSteps steps,
                  DrainWatch drain) {
    }

    /** Drains what the publish phase {@code sent} left on the queue. */
    static Outcome run(PhaseContext ctx, SendLedger sent) throws InterruptedException {
        // what the broker confirmed (or, unconfirmed sends, the library took) must arrive; after a fault, messages
        // whose confirmation never came may or may not
        Selection selection = selection(ctx);
        if (selection == null) {
            long expected = sent.expectedTotal();
            return run(ctx, List.of(new ReceiveLedger(sent)), expected,
                    new ProgressClock(ctx.workload().consumers(), expected), null, null);
        }
        // the selector's consumers await their share; then plain consumers take the rest, unmeasured, so that the
        // queue ends empty and every message is accounted for
        ReceiveLedger selected = ReceiveLedger.expecting(sent, selection::matches);
        long expected = selected.expectedTotal();
        return run(ctx, List.of(selected), expected, new ProgressClock(ctx.workload().consumers(), expected), null,
                ReceiveLedger.expecting(sent, sequence -> !selection.matches(sequence)));
    }

    /**
     * Consumes while the publishers of {@code ledgers} send (a live phase): it ends some time after they do. A queue
     * has one ledger all its consumers share; a topic one per subscriber, each owed every message.
     */
    static Outcome beside(PhaseContext ctx, List<ReceiveLedger> ledgers, Beside beside) throws InterruptedException {
        return run(ctx, ledgers, ledgers.get(0).streams().total() * ledgers.size(), beside.clock(), beside, null);
    }

    /**
     * @param rest after a selector's consumers: what they were not to take, drained by plain consumers once they are
     *             done (not measured, but accounted); null otherwise
     */
    private static Outcome run(PhaseContext ctx, List<ReceiveLedger> ledgers, long expected, ProgressClock clock,
                               Beside beside, ReceiveLedger rest) throws InterruptedException {
        int clients = ctx.workload().consumers();
        int[] owned = ctx.part().owned(clients);
        SendLedger sent = ledgers.get(0).sent();
        List<OrderTracker> order = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            order.add(new OrderTracker(sent.streams().size()));
        }
        // one slot per client, a cache line apart
        AtomicLongArray lastDelivery = new AtomicLongArray(clients * STRIDE);
        ErrorLog errors = new ErrorLog();
        long idleNanos = TimeUnit.SECONDS.toNanos(ctx.workload().idleTimeoutSeconds());
        String name = ctx.phase().name();

        boolean onConsumer = ctx.fault() != null && ctx.fault().target() == Fault.Target.CONSUMER;
        AtomicReferenceArray<ProcessConsumer> processes = new AtomicReferenceArray<>(clients);
        ConsumerFault consumerFault = onConsumer ? new ConsumerFault(ctx.fault(), (long) Math.ceil(expected
                * ctx.fault().at()), processes, errors) : null;
        long settleMillis = ctx.fault() instanceof Fault.KillConsumer ? SETTLE_AFTER_KILL_MILLIS : SETTLE_MILLIS;
        DestinationLedger destinations = ctx.workload().destinations() == null ? null
                : new DestinationLedger(ctx.workload().destinations(), sent.streams().size());

        LatencyRecorder endToEnd = beside == null ? null : beside.endToEnd();
        IntervalSampler sampler = IntervalSampler.start(endToEnd == null ? List.of() : List.of(endToEnd));
        ctx.progress().phaseStarted(ctx.label(), expected, clock::count);
        if (endToEnd != null) {
            ctx.progress().latencyOf(dev.brokerbench.core.result.LatencyMetric.END_TO_END, endToEnd::soFar);
        }
        ResourceMeter meter = ResourceMeter.start(ctx.brokerPid());
        java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();
        try {
            ClientThreads.run(name, owned.length, local -> LeftDrain.failing(failed, () -> {
                        try {
                            Consumer consumer = open(ctx, owned[local], processes, onConsumer);
                            if (ctx.phase().reported()) { // a drain that only verifies a publish need not wait
                                joinOrClose(consumer, ctx.workload().consumersPerQueue());
                            }
                            return consumer;
                        } catch (Exception e) {
                            subscribed(beside); // the publishers do not wait for a consumer that failed
                            throw e;
                        }
                    }),
                    (local, consumer) -> LeftDrain.failing(failed, () -> {
                        int client = owned[local];
                        DrainWatch backlog = beside == null ? null : beside.drain();
                        try {
                            if (backlog == null) {
                                consumer.start();
                                if (beside != null) {
                                    consumer.awaitReady(READY_MILLIS);
                                }
                            }
                        } finally {
                            subscribed(beside);
                        }
                        if (backlog != null) { // the publishers build the backlog first
                            backlog.awaitBacklog(ledgers.get(0)::publishing);
                            consumer.start();
                        }
                        ConsumerDrain.run(ctx, client, consumer, ledgers.get(ledgers.size() == 1 ? 0 : client),
                                order.get(client), clock, lastDelivery, idleNanos, settleMillis, consumerFault,
                                beside, destinations, errors);
                        return null;
                    }),
                    t -> {
                        if (beside == null) {
                            clock.start(t); // a live phase's clock starts with its publishers
                            meter.sampleNow();
                        }
                        for (int i = 0; i < clients; i++) {
                            lastDelivery.set(i * STRIDE, t);
                        }
                    },
                    ctx.limits().sessionOpen(), beside == null ? deadline(ctx, expected)
                            : besideDeadline(ctx, expected, idleNanos), errors);
        } finally {
            meter.close();
            sampler.close();
            ctx.progress().phaseEnded();
        }
        long awaited = ledgers.get(0).expectedTotal() * ledgers.size();
        Accounting accounting;
        ShardReceipts shardReceipts = null;
        if (ctx.part().sharded()) {
            accounting = null;
            List<Accounting.ConsumerAccount> mine = new ArrayList<>();
            for (Accounting.ConsumerAccount account : Reconciler.accounts(order)) {
                if (ctx.part().shard().owns(account.client())) {
                    mine.add(account);
                }
            }
            shardReceipts = new ShardReceipts(dev.brokerbench.core.metrics.ReceiptRecord.of(ledgers.get(0)), mine);
        } else if (rest == null) {
            accounting = Reconciler.reconcileEach(ctx.workload().fanOut(), sent, ledgers, order);
            if (!ctx.workload().fanOut() && !onConsumer) { // a subscription, a killed consumer: nothing to ask again
                accounting = LeftDrain.afterFailures(ctx, ledgers.get(0), order, accounting, failed.get(), idleNanos,
                        errors);
            }
        } else {
            ReceiveLedger selected = ledgers.get(0);
            if (!selected.allExpectedArrived()) {
                long missing = awaited - selected.uniqueReceived();
                errors.add(name + ": " + missing + " of the " + awaited + " messages the selector matches did not"
                        + " reach its consumers within the idle timeout of " + ctx.workload().idleTimeoutSeconds()
                        + " s (the broker held them back; the plain consumers after them received them, counted as"
                        + " foreign to their share)");
            }
            if (selected.outsideShare() > 0) {
                errors.add(name + ": the selector's consumers were handed " + selected.outsideShare()
                        + " messages it does not match");
            }
            LeftDrain.take(ctx, name + "-rest", rest, idleNanos, errors);
            accounting = Reconciler.reconcile(sent, List.of(ledgers.get(0), rest), order);
        }
        if (accounting != null && accounting.lostConfirmed() > 0) {
            errors.add(name + ": " + accounting.lostConfirmed() + " of " + (awaited + (rest == null ? 0
                    : rest.expectedTotal())) + " confirmed messages did not arrive within the idle timeout of "
                    + ctx.workload().idleTimeoutSeconds() + " s");
        }
        PhaseSummaries summary = PhaseSummaries.of(clock, ctx.window());
        ResourceUsage usage = summary.resources(meter);
        LatencySummary endToEndSummary = endToEnd == null ? null : LatencySummary.of(endToEnd.histogram());
        PhaseResult result = new PhaseResult(name, ctx.phase().action(), ctx.phase().mode(), ctx.phase().reported(),
                awaited, summary.completed(), clock.bytes(), summary.activeSeconds(), summary.rate(), summary.series(),
                null, null, endToEndSummary, usage, errors.snapshot(), List.of(), null, null,
                endToEnd == null ? null : endToEnd.bySize(LatencyMetric.END_TO_END), endToEnd == null ? Map.of() : Map.of(LatencyMetric.END_TO_END, endToEnd.log()));
        if (destinations != null && !ctx.part().sharded()) {
            result = result.withDestinations(destinations.result(ledgers.get(0), clock.startNanos()));
        }
        OptionalLong killed = consumerFault == null ? OptionalLong.empty() : consumerFault.countAtKill();
        long lastNanos = ConsumerDrain.latest(lastDelivery);
        OptionalLong recovery = killed.isEmpty() ? OptionalLong.empty()
                : OptionalLong.of(Math.max(0, TimeUnit.NANOSECONDS.toMillis(lastNanos - consumerFault.killNanos())));
        return new Outcome(result, accounting, killed, recovery, shardReceipts, clock.startNanos(),
                consumerFault == null ? null : consumerFault.victim(), consumerFault == null
                ? java.util.Optional.empty() : consumerFault.held(clock.timeline(), clock.startNanos(), lastNanos));
    }

    /**
     * Joins {@code consumer} to its queue's {@code members} (a topic's subscriber is the one member of its
     * subscription). A join that fails (a Kafka group that did not settle) is the phase's error, so the cell ends as
     * one; the consumer is closed, so that it holds nothing of the queue the others drain.
     */
    private static void joinOrClose(Consumer consumer, int members) throws Exception {
        try {
            consumer.join(members, JOIN_MILLIS);
        } catch (Exception e) {
            try {
                consumer.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** Counts down the latch the publishers of a live phase wait on (once per consumer, however it ended). */
    private static void subscribed(Beside beside) {
        if (beside != null) {
            beside.subscribed().countDown();
        }
    }

    /**
     * Consumers beside publishers outlast them: the publishers may start after the consumers' readiness and their
     * own sessions, publish for their whole deadline and wait for the last confirmations; then comes the idle timeout.
     */
    private static java.time.Duration besideDeadline(PhaseContext ctx, long expected, long idleNanos) {
        return deadline(ctx, expected).plus(PublishPhase.opening(ctx))
                .plusMillis(LivePhase.SUBSCRIBE_WAIT_MILLIS).plus(ctx.limits().confirm()).plusNanos(idleNanos);
    }

    /**
     * How long the consumers may take: the phase's limit, or twice what consumers that spend the workload's
     * processing time on each message need for {@code expected} messages, whichever is longer.
     */
    static java.time.Duration deadline(PhaseContext ctx, long expected) {
        java.time.Duration limit = ctx.limits().deadline(expected);
        double ceiling = ctx.workload().processing().ceiling(ctx.workload().consumers());
        java.time.Duration processing = java.time.Duration.ofSeconds((long) Math.ceil(2 * expected / ceiling));
        return processing.compareTo(limit) > 0 ? processing : limit;
    }

    /** The selector of the phase's consumers: the workload's, on its reported consume; null otherwise. */
    private static Selection selection(PhaseContext ctx) {
        return ctx.phase().reported() ? QueueCase.selectionOf(ctx.workload()) : null;
    }

    /** A consumer in this JVM, or in its own process when the fault kills one. */
    private static Consumer open(PhaseContext ctx, int client, AtomicReferenceArray<ProcessConsumer> processes,
                                 boolean inProcess) throws Exception {
        Workload workload = ctx.workload();
        if (selection(ctx) != null) {
            return ctx.driver().require(Selectors.class).consumer(workload.queue(), selection(ctx));
        }
        if (workload.fanOut()) {
            return ctx.driver().require(Topics.class).subscriber(Subscription.of(workload.queue(), client,
                    LiveCase.of(workload).topic().durable()));
        }
        if (!inProcess) {
            return ctx.driver().consumer(workload.queueOf(client));
        }
        if (ctx.clientProcesses() == null) {
            throw new IllegalStateException("a fault on a consumer needs consumers in their own processes, and this"
                    + " runner cannot start them");
        }
        ProcessConsumer consumer = ctx.clientProcesses().open(ctx.workload().queue(), ctx.limits().sessionOpen());
        processes.set(client, consumer);
        return consumer;
    }
}
