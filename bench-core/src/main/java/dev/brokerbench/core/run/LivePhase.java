package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.LatencyRecorder;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.ReceiveLedger;
import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.metrics.Streams;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Publishers and consumers on one queue at once. The consumers open and subscribe first; then the publishers start,
 * and that instant starts both sides' clocks, so neither rate counts set-up. Each first receipt records its latency
 * from the message's (intended) send, both read from this JVM's {@link System#nanoTime()}. The consumers go on until
 * every message the publishers had confirmed has arrived (then settle for duplicates) or, once the publishers are
 * done, nothing arrived for the idle timeout; the accounting is the same exact reconciliation as a drain's.
 *
 * <p>Two results: the publishers' (a publish phase: its rate and confirm latency) and the consumers' (the reported
 * one: first receipts per second and end-to-end latency).
 *
 * <p>On a rate schedule, each step's messages (by intended send time) are also timed apart, and the consumers'
 * result holds each step's figures.
 *
 * <p>On a topic the consumers are its subscribers, one per subscription, each owed every message: their rate counts
 * every subscriber's first receipts (deliveries per second), and each subscriber's receipts are accounted apart.
 */
final class LivePhase {
    /**
     * How long the publishers wait for the consumers to open, subscribe and be ready (each consumer counts down once,
     * however it ended): their sessions' open timeout, then {@link ConsumePhase#READY_MILLIS} and a margin.
     */
    static final long SUBSCRIBE_WAIT_MILLIS = ConsumePhase.READY_MILLIS + 5_000;

    private LivePhase() {
    }

    /** @param publish the publishers' own outcome, with what a fault during the phase did to their confirmations */
    record Outcome(PublishPhase.Outcome publish, PhaseResult consumers, Accounting accounting) {
        PhaseResult publishers() {
            return publish.result();
        }
    }

    static Outcome run(PhaseContext ctx) throws InterruptedException {
        int receivers = ctx.workload().consumers();
        SendLedger sent = new SendLedger(new Streams(ctx.workload().clients(), ctx.messages()));
        // a queue's consumers share one ledger; each subscriber of a topic is owed every message
        List<ReceiveLedger> received = new ArrayList<>();
        for (int i = 0; i < (ctx.workload().fanOut() ? receivers : 1); i++) {
            received.add(ReceiveLedger.whilePublishing(sent));
        }
        ProgressClock consumerClock = new ProgressClock(receivers, ctx.messages() * received.size());
        ScheduleSteps steps = ScheduleSteps.of(ctx.workload());
        DrainWatch drain = DrainWatch.of(ctx.workload(), sent);
        ConsumePhase.Beside beside = new ConsumePhase.Beside(consumerClock,
                new LatencyRecorder(receivers, ctx.workload().sizes()),
                new CountDownLatch(receivers), steps, drain);
        AtomicReference<ConsumePhase.Outcome> consumed = new AtomicReference<>();
        AtomicReference<Throwable> consumerFailure = new AtomicReference<>();
        Thread consumers = new Thread(() -> {
            try {
                consumed.set(ConsumePhase.beside(ctx, received, beside));
            } catch (InterruptedException | RuntimeException | Error e) {
                consumerFailure.set(e);
            }
        }, ctx.phase().name() + "-consumers");
        consumers.setDaemon(true);
        consumers.start();
        Phase phase = ctx.phase();
        PhaseContext publishing = ctx.as(new Phase(phase.name() + "-publishers", Action.PUBLISH, phase.mode(), false),
                ctx.label() + " publishers", ProgressListener.NONE);
        PublishPhase.Outcome published;
        try {
            // a consumer that failed to open never counts down: its error is in the consumers' result
            beside.subscribed().await(ctx.limits().sessionOpen().toMillis() + SUBSCRIBE_WAIT_MILLIS,
                    TimeUnit.MILLISECONDS);
            published = PublishPhase.run(publishing, sent, start -> {
                consumerClock.start(start);
                if (steps != null) {
                    steps.started(start);
                }
                if (drain != null) {
                    drain.publishersStarted(start);
                }
            }, steps);
        } catch (InterruptedException | RuntimeException e) {
            consumers.interrupt(); // ClientThreads interrupts its clients in turn
            consumers.join(TimeUnit.SECONDS.toMillis(10));
            throw e;
        } finally {
            long ended = System.nanoTime();
            received.forEach(ledger -> ledger.publishEnded(ended));
        }
        consumers.join();
        Throwable failure = consumerFailure.get();
        if (failure instanceof InterruptedException e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException("the consumers of " + ctx.label() + " failed: " + failure, failure);
        }
        ConsumePhase.Outcome out = consumed.get();
        PhaseResult consumersResult = steps == null ? out.result()
                : out.result().withSteps(steps.results(consumerClock.timeline()));
        if (drain != null) {
            consumersResult = consumersResult.withBacklog(drain.result(received.get(0)));
        }
        return new Outcome(published, consumersResult, out.accounting());
    }
}
