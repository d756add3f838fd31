package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Cluster;
import dev.brokerbench.core.metrics.IntervalSampler;
import dev.brokerbench.core.metrics.LatencyRecorder;
import dev.brokerbench.core.metrics.Outage;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.ResourceMeter;
import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.metrics.Streams;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.LatencyLog;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.spi.Topics;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.LongConsumer;

/**
 * Fills the queue: each client sends its share of the messages, sync (one at a time, each confirmed), async
 * (at most {@code publishWindow} unconfirmed) or unconfirmed (fire and forget: a message counts once the library took
 * it), recording confirmation latency (none without confirmations) and exact send/confirm accounting.
 */
final class PublishPhase {
    private PublishPhase() {
    }

    /**
     * @param confirmedAtKill confirmations counted when the fault killed the broker; empty without a kill
     * @param reconnect       for a fault the clients ride out with their own reconnection (the broker was restarted
     *                        during the phase), else null
     * @param leaderKill      for a fault that killed the leader of a clustered broker, which node and the silence it
     *                        caused; else null
     * @param startNanos      the phase's common start
     * @param held            for a fault that held for a stated time (a pause, a cut or lossy link): how long, and
     *                        what it did to the confirmations; else empty
     */
    record Outcome(PhaseResult result, SendLedger ledger, OptionalLong confirmedAtKill, ReconnectWatch reconnect,
                   LeaderKill leaderKill, long startNanos, java.util.Optional<HeldFault.Held> held) {
    }

    /**
     * A leader kill during the phase.
     *
     * @param node   the node killed
     * @param outage the silence in the confirmations it caused; empty when the kill never came (the phase ended
     *               first) or nothing was confirmed after it
     */
    record LeaderKill(Cluster.Node node, java.util.Optional<Outage> outage) {
    }


    static Outcome run(PhaseContext ctx) throws InterruptedException {
        return run(ctx, new SendLedger(ctx.part().streams(ctx.workload().clients(), ctx.messages())), start -> {
        }, null);
    }

    /**
     * @param ledger  the streams to send and where to account for them
     * @param started told the phase's common start, before any client sends
     * @param steps   a live phase's rate schedule, told each send's delay; null for none
     */
    static Outcome run(PhaseContext ctx, SendLedger ledger, LongConsumer started, ScheduleSteps steps)
            throws InterruptedException {
        Streams streams = ledger.streams();
        int[] owned = ctx.part().owned(streams.size());
        long ownedTotal = java.util.Arrays.stream(owned).mapToLong(streams::count).sum();
        ProgressClock clock = new ProgressClock(streams.size(), ownedTotal);
        LatencyRecorder latency = new LatencyRecorder(streams.size(), ctx.workload().sizes());
        LatencyRecorder sendDelay = new LatencyRecorder(streams.size());
        ErrorLog errors = new ErrorLog();
        PublishMode mode = ctx.phase().mode();
        String name = ctx.phase().name();
        long[] start = new long[1];

        ReconnectWatch reconnect = ctx.fault() instanceof Fault.KillBroker k && k.reconnect()
                ? new ReconnectWatch() : null;
        Cluster.Node leader = ctx.fault() != null && ctx.fault().target() == Fault.Target.LEADER ? leader(ctx) : null;
        long[] killNanos = {0};
        HeldFault held = ctx.fault() == null ? null
                : ctx.fault().held().map(d -> new HeldFault(d, errors)).orElse(null);
        Runnable kill = held != null ? () -> held.run(HeldFault.beginning(ctx.fault(), ctx.control(), leader))
                : leader == null ? () -> kill(ctx, reconnect) : () -> {
            killNanos[0] = System.nanoTime();
            ctx.control().cluster().kill(leader);
        };
        ctx.progress().phaseStarted(ctx.label(), ownedTotal, clock::count);
        if (mode.confirmed()) {
            ctx.progress().latencyOf(LatencyMetric.CONFIRM, latency::soFar);
        }
        FaultTrigger trigger = ctx.fault() == null ? null
                : FaultTrigger.start(kill, clock, (long) Math.ceil(ownedTotal * ctx.fault().at()));
        boolean paced = ctx.workload().ratePerSecond() > 0 || steps != null;
        // only the latencies this phase reports are logged, so only they are sampled
        List<LatencyRecorder> logged = new ArrayList<>();
        if (mode.confirmed()) {
            logged.add(latency);
        }
        if (paced) {
            logged.add(sendDelay);
        }
        IntervalSampler sampler = IntervalSampler.start(logged);
        // when the last client was done sending and waiting for its confirmations (closing its connection, which
        // after a failover may wait out a call timeout, is not part of the phase's silence)
        java.util.concurrent.atomic.AtomicLong sendingEnded = new java.util.concurrent.atomic.AtomicLong();
        ResourceMeter meter = ResourceMeter.start(ctx.brokerPid());
        try {
            String destination = ctx.workload().queue();
            ClientThreads.run(name, owned.length, client -> ctx.workload().fanOut()
                            ? ctx.driver().require(Topics.class).topicPublisher(destination, mode)
                            : SpreadPublisher.open(ctx.driver(), ctx.workload().queuesOfPublisher(owned[client]),
                            mode),
                    (client, publisher) -> {
                        PublishClient sender = new PublishClient(ctx, owned[client], streams, ledger, clock, latency,
                                sendDelay, errors, start[0], reconnect, steps);
                        switch (mode) {
                            case SYNC -> sender.sendSync(publisher);
                            case ASYNC -> sender.sendAsync(publisher);
                            case UNCONFIRMED -> sender.sendUnconfirmed(publisher);
                            case TRANSACTED -> sender.sendTransacted(publisher);
                        }
                        sendingEnded.accumulateAndGet(System.nanoTime(), Math::max);
                    },
                    t -> {
                        start[0] = t;
                        clock.start(t);
                        meter.sampleNow();
                        started.accept(t);
                    },
                    opening(ctx), ctx.limits().deadline(ctx.messages()), errors);
        } finally {
            meter.close();
            sendingEnded.compareAndSet(0, System.nanoTime());
            sampler.close();
            ctx.progress().phaseEnded();
            if (trigger != null) {
                trigger.stop();
            }
        }
        long refused = ledger.failedTotal();
        if (refused > 0) { // each is among the errors above, but they keep only the first and last few
            errors.add(name + ": " + refused + " of " + ledger.sentTotal() + " sends refused (reported failed by the"
                    + " broker or its client library)");
        }
        PhaseSummaries summary = PhaseSummaries.of(clock, ctx.window());
        Map<LatencyMetric, LatencyLog> logs = new EnumMap<>(LatencyMetric.class);
        LatencySummary confirm = null; // nothing confirms an unconfirmed send
        if (mode.confirmed()) {
            confirm = LatencySummary.of(latency.histogram());
            logs.put(LatencyMetric.CONFIRM, latency.log());
        }
        LatencySummary delay = null;
        if (paced) {
            delay = LatencySummary.of(sendDelay.histogram());
            logs.put(LatencyMetric.SEND_DELAY, sendDelay.log());
        }
        PhaseResult result = new PhaseResult(name, ctx.phase().action(), ctx.phase().mode(), ctx.phase().reported(),
                ownedTotal, summary.completed(), clock.bytes(), summary.activeSeconds(), summary.rate(), summary.series(),
                confirm, delay, null, summary.resources(meter), errors.snapshot(), List.of(), null, null,
                mode.confirmed() ? latency.bySize(LatencyMetric.CONFIRM) : null, logs);
        LeaderKill leaderKill = leader == null ? null : new LeaderKill(leader, killNanos[0] == 0
                ? java.util.Optional.empty() : Outage.after(clock.timeline(), killNanos[0], sendingEnded.get()));
        return new Outcome(result, ledger, trigger == null ? OptionalLong.empty() : trigger.countAtKill(), reconnect,
                leaderKill, start[0], held == null ? java.util.Optional.empty()
                : held.outcome(clock.timeline(), start[0], sendingEnded.get()));
    }

    /**
     * How long the publishers may take to open: the session-open limit for each session a publisher opens in turn
     * (one a queue, a publisher spread over many queues opening several).
     */
    static java.time.Duration opening(PhaseContext ctx) {
        return ctx.limits().sessionOpen().multipliedBy(ctx.workload().sessionsPerPublisher());
    }

    /** The node leading the phase's queue, asked before any client sends (asking a cluster may take seconds). */
    private static Cluster.Node leader(PhaseContext ctx) {
        try {
            return ctx.control().cluster().leaderOf(ctx.workload().queue());
        } catch (Exception e) {
            throw new IllegalStateException("cannot find the node leading " + ctx.workload().queue() + ": "
                    + e.getMessage(), e);
        }
    }

    /** kill -9; when the clients are to reconnect, the broker is restarted at once, during the phase. */
    private static void kill(PhaseContext ctx, ReconnectWatch reconnect) {
        if (reconnect == null) {
            ctx.control().kill();
            return;
        }
        killAndRestart(ctx, reconnect);
    }

    /** kill -9, then the broker restarted at once on its data (the clients reconnect by themselves meanwhile). */
    static void killAndRestart(PhaseContext ctx, ReconnectWatch reconnect) {
        ctx.control().kill();
        reconnect.killed(System.nanoTime());
        try {
            long restartMillis = ctx.control().restart();
            reconnect.ready(System.nanoTime(), restartMillis);
        } catch (BrokerStartException e) {
            throw new IllegalStateException("the broker did not come back after the kill: " + e.getMessage(), e);
        }
    }
}
