package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Cluster;
import dev.brokerbench.core.metrics.Outage;
import dev.brokerbench.core.metrics.IntervalSampler;
import dev.brokerbench.core.metrics.LatencyRecorder;
import dev.brokerbench.core.result.LatencyLog;
import dev.brokerbench.core.result.LatencyMetric;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.ResourceMeter;
import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.metrics.Streams;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Rollback;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
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
     */
    record Outcome(PhaseResult result, SendLedger ledger, OptionalLong confirmedAtKill, ReconnectWatch reconnect,
                   LeaderKill leaderKill) {
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

    /** A send that failed while the client reconnects is retried, until this long after its first failure. */
    static final long RETRY_FOR_NANOS = TimeUnit.SECONDS.toNanos(120);
    /**
     * After a leader kill the other nodes are up all along: a client that has not got through this long after its
     * first failure will not (its failover did not work).
     */
    static final long FAILOVER_RETRY_FOR_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long RETRY_PAUSE_MILLIS = 50;

    static Outcome run(PhaseContext ctx) throws InterruptedException {
        return run(ctx, new SendLedger(new Streams(ctx.workload().clients(), ctx.messages())), start -> {
        });
    }

    /**
     * @param ledger  the streams to send and where to account for them
     * @param started told the phase's common start, before any client sends
     */
    static Outcome run(PhaseContext ctx, SendLedger ledger, LongConsumer started) throws InterruptedException {
        Streams streams = ledger.streams();
        ProgressClock clock = new ProgressClock(streams.size(), streams.total());
        LatencyRecorder latency = new LatencyRecorder(streams.size());
        LatencyRecorder sendDelay = new LatencyRecorder(streams.size());
        ErrorLog errors = new ErrorLog();
        PublishMode mode = ctx.phase().mode();
        String name = ctx.phase().name();
        ResourceMeter meter = new ResourceMeter(ctx.brokerPid());
        long[] start = new long[1];

        ReconnectWatch reconnect = ctx.fault() instanceof Fault.KillBroker k && k.reconnect()
                ? new ReconnectWatch() : null;
        boolean retry = Fault.reconnects(ctx.fault());
        Cluster.Node leader = ctx.fault() instanceof Fault.KillLeader ? leader(ctx) : null;
        long[] killNanos = {0};
        Runnable kill = leader == null ? () -> kill(ctx, reconnect) : () -> {
            killNanos[0] = System.nanoTime();
            ctx.control().cluster().kill(leader);
        };
        ctx.progress().phaseStarted(ctx.label(), streams.total(), clock::count);
        if (mode.confirmed()) {
            ctx.progress().latencyOf(LatencyMetric.CONFIRM, latency::soFar);
        }
        FaultTrigger trigger = ctx.fault() == null ? null
                : FaultTrigger.start(kill, clock, (long) Math.ceil(streams.total() * ctx.fault().at()));
        boolean paced = ctx.workload().ratePerSecond() > 0;
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
        try {
            String destination = ctx.workload().queue();
            ClientThreads.run(name, streams.size(), client -> ctx.workload().fanOut()
                            ? ctx.driver().topicPublisher(destination, mode) : ctx.driver().publisher(destination, mode),
                    (client, publisher) -> {
                        Sender sender = new Sender(ctx, client, streams, ledger, clock, latency, sendDelay, errors,
                                start[0], retry, reconnect);
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
                        started.accept(t);
                    },
                    ctx.limits().sessionOpen(), ctx.limits().deadline(ctx.messages()), errors);
        } finally {
            sendingEnded.compareAndSet(0, System.nanoTime());
            sampler.close();
            ctx.progress().phaseEnded();
            if (trigger != null) {
                trigger.stop();
            }
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
                streams.total(), summary.completed(), summary.activeSeconds(), summary.rate(), summary.series(),
                confirm, delay, null, meter.stop(), errors.snapshot(), logs);
        LeaderKill leaderKill = leader == null ? null : new LeaderKill(leader, killNanos[0] == 0
                ? java.util.Optional.empty() : Outage.after(clock.timeline(), killNanos[0], sendingEnded.get()));
        return new Outcome(result, ledger, trigger == null ? OptionalLong.empty() : trigger.countAtKill(), reconnect,
                leaderKill);
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
        ctx.control().kill();
        if (reconnect == null) {
            return;
        }
        reconnect.killed(System.nanoTime());
        try {
            long restartMillis = ctx.control().restart();
            reconnect.ready(System.nanoTime(), restartMillis);
        } catch (BrokerStartException e) {
            throw new IllegalStateException("the broker did not come back after the kill: " + e.getMessage(), e);
        }
    }

    /** One client's send loop. */
    private static final class Sender {
        private final PhaseContext ctx;
        private final int client;
        private final long stream;
        private final long count;
        private final SendLedger ledger;
        private final ProgressClock.Lane lane;
        private final LatencyRecorder latency;
        private final LatencyRecorder sendDelay;
        private final ErrorLog errors;
        private final RatePacer pacer;
        private final byte[] payload;
        private final boolean retry;
        private final long retryForNanos;
        private final ReconnectWatch reconnect;

        /**
         * @param retry     a send that fails is sent again while the client reconnects (or fails over)
         * @param reconnect told of every confirmation, for a broker restarted during the phase; else null
         */
        Sender(PhaseContext ctx, int client, Streams streams, SendLedger ledger, ProgressClock clock,
               LatencyRecorder latency, LatencyRecorder sendDelay, ErrorLog errors, long startNanos,
               boolean retry, ReconnectWatch reconnect) {
            this.retry = retry;
            this.retryForNanos = ctx.fault() instanceof Fault.KillLeader ? FAILOVER_RETRY_FOR_NANOS : RETRY_FOR_NANOS;
            this.reconnect = reconnect;
            this.ctx = ctx;
            this.client = client;
            this.stream = streams.id(client);
            this.count = streams.count(client);
            this.ledger = ledger;
            this.lane = clock.lane(client);
            this.latency = latency;
            this.sendDelay = sendDelay;
            this.errors = errors;
            this.pacer = new RatePacer(ctx.workload().ratePerSecond(), startNanos);
            this.payload = new byte[ctx.workload().payloadBytes()];
            new Random(stream).nextBytes(payload);
        }

        void sendSync(Publisher publisher) {
            for (long seq = 0; seq < count; seq++) {
                long intended = intendedSendTime();
                ledger.sent(client);
                if (!sendRetrying(publisher, seq, intended)) {
                    return;
                }
                long now = System.nanoTime();
                if (reconnect != null) {
                    reconnect.confirmed(now);
                }
                ledger.confirmed(client, seq);
                latency.record(client, now - intended);
                lane.tick(now);
            }
        }

        /**
         * One confirmed send. Without reconnection a failure ends this client's publishing. With it, the failure is
         * recorded and the same message is sent again (its library reconnects meanwhile), for up to
         * {@link #RETRY_FOR_NANOS} ({@link #FAILOVER_RETRY_FOR_NANOS} after a leader kill): a message whose first
         * attempt did reach the broker then arrives twice, and the drain counts it.
         */
        private boolean sendRetrying(Publisher publisher, long seq, long intended) {
            long giveUpAt = 0;
            while (true) {
                try {
                    publisher.send(new Stamp(stream, seq, intended), payload);
                    return true;
                } catch (Exception e) {
                    long now = System.nanoTime();
                    giveUpAt = giveUpAt == 0 ? now + retryForNanos : giveUpAt;
                    boolean again = retry && now < giveUpAt;
                    errors.add(ctx.phase().name() + " client " + client + " seq " + seq
                            + (again ? " (sent again: the client reconnects)" : ""), e);
                    if (!again || !pause()) {
                        ledger.failed(client, seq);
                        return false;
                    }
                }
            }
        }

        /** Waits before a send is tried again; false when interrupted. */
        private static boolean pause() {
            try {
                Thread.sleep(RETRY_PAUSE_MILLIS);
                return true;
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        /** Each send returns once the library took the message: counted then, no latency (nothing confirms it). */
        void sendUnconfirmed(Publisher publisher) {
            for (long seq = 0; seq < count; seq++) {
                long intended = intendedSendTime();
                ledger.sent(client);
                try {
                    publisher.sendUnconfirmed(new Stamp(stream, seq, intended), payload);
                } catch (Exception e) {
                    ledger.failed(client, seq);
                    errors.add(ctx.phase().name() + " client " + client + " seq " + seq, e);
                    return;
                }
                ledger.taken(client, seq);
                lane.tick(System.nanoTime());
            }
        }

        /**
         * Transactions of {@code ackBatch} messages, each committed; a message is confirmed when its commit returns,
         * its latency measured from its own intended send time. With a {@link Rollback}, every n-th transaction is
         * rolled back and its messages sent again (same sequence numbers, intended times kept) in the next one.
         */
        void sendTransacted(Publisher publisher) {
            int batch = ctx.workload().ackBatch();
            Rollback rollback = ctx.workload().rollback();
            long[] intended = new long[batch];
            long transaction = 0;
            for (long first = 0; first < count; ) {
                int size = (int) Math.min(batch, count - first);
                transaction++;
                try {
                    for (int i = 0; i < size; i++) {
                        intended[i] = intendedSendTime();
                        ledger.sent(client);
                        publisher.sendTransacted(new Stamp(stream, first + i, intended[i]), payload);
                    }
                    if (rollback != null && rollback.rollsBack(transaction)) {
                        publisher.rollback();
                        ledger.rolledBack(client, size);
                        transaction++;
                        for (int i = 0; i < size; i++) {
                            publisher.sendTransacted(new Stamp(stream, first + i, intended[i]), payload);
                        }
                    }
                    publisher.commit();
                } catch (Exception e) {
                    for (int i = 0; i < size; i++) {
                        ledger.failed(client, first + i);
                    }
                    errors.add(ctx.phase().name() + " client " + client + " transaction of seq " + first + ".."
                            + (first + size - 1), e);
                    return;
                }
                long now = System.nanoTime();
                for (int i = 0; i < size; i++) {
                    ledger.confirmed(client, first + i);
                    latency.record(client, now - intended[i]);
                    lane.tick(now);
                }
                first += size;
            }
        }

        /**
         * At most {@code publishWindow} sends unconfirmed. When the clients fail over by themselves, a send the
         * library refuses, or whose confirmation fails, is sent again (the same message with its intended time,
         * until {@code retryForNanos} after its first failure) before any new one: as an at-least-once
         * publisher does, so a failover neither burns through the remaining messages nor drops the ones in flight;
         * a message whose first attempt did arrive then arrives twice, and the drain counts it.
         */
        void sendAsync(Publisher publisher) throws InterruptedException {
            int window = ctx.workload().publishWindow();
            Semaphore permits = new Semaphore(window);
            java.util.Queue<AsyncSend> failed = new java.util.concurrent.ConcurrentLinkedQueue<>();
            long confirmTimeout = ctx.limits().confirm().toNanos();
            for (long seq = 0; seq < count; seq++) {
                if (!resend(publisher, failed)) {
                    return;
                }
                if (!permits.tryAcquire(confirmTimeout, TimeUnit.NANOSECONDS)) {
                    errors.add(ctx.phase().name() + " client " + client + ": no confirmation for "
                            + ctx.limits().confirm().toSeconds() + " s with " + window + " sends outstanding");
                    return;
                }
                ledger.sent(client);
                if (!send(publisher, new AsyncSend(seq, intendedSendTime(), permits, failed))) {
                    return;
                }
            }
            long deadline = System.nanoTime() + confirmTimeout;
            while (!permits.tryAcquire(window, RETRY_PAUSE_MILLIS, TimeUnit.MILLISECONDS)) {
                if (!resend(publisher, failed)) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    errors.add(ctx.phase().name() + " client " + client + ": " + (window
                            - permits.availablePermits()) + " sends still unconfirmed after "
                            + ctx.limits().confirm().toSeconds() + " s");
                    return;
                }
            }
        }

        /** Sends again what failed (its permit still held), after a pause; false when a send gave up. */
        private boolean resend(Publisher publisher, java.util.Queue<AsyncSend> failed) {
            if (failed.isEmpty()) {
                return true;
            }
            if (!pause()) {
                return false;
            }
            for (AsyncSend again; (again = failed.poll()) != null; ) {
                if (!send(publisher, again)) {
                    return false;
                }
            }
            return true;
        }

        /** Hands one send to the library; false when it refused for good (this client stops). */
        private boolean send(Publisher publisher, AsyncSend send) {
            try {
                sendAsyncRetrying(publisher, new Stamp(stream, send.sequence, send.intended), send);
                return true;
            } catch (Exception e) {
                send.giveUp(e);
                return false;
            }
        }

        /** One message in flight: its confirmation, and what happens when that fails. */
        private final class AsyncSend implements Confirmation {
            private final long sequence;
            private final long intended;
            private final Semaphore permits;
            private final java.util.Queue<AsyncSend> failed;
            private long firstFailure;

            AsyncSend(long sequence, long intended, Semaphore permits, java.util.Queue<AsyncSend> failed) {
                this.sequence = sequence;
                this.intended = intended;
                this.permits = permits;
                this.failed = failed;
            }

            @Override
            public void confirmed() {
                long now = System.nanoTime();
                ledger.confirmed(client, sequence);
                latency.record(client, now - intended);
                lane.tick(now);
                permits.release();
            }

            @Override
            public void failed(Throwable cause) {
                long now = System.nanoTime();
                firstFailure = firstFailure == 0 ? now : firstFailure;
                if (retry && now < firstFailure + retryForNanos) {
                    errors.add(ctx.phase().name() + " client " + client + " seq " + sequence
                            + " (sent again: the client reconnects)", cause);
                    failed.add(this); // its permit stays taken until it is confirmed or given up
                } else {
                    giveUp(cause);
                }
            }

            void giveUp(Throwable cause) {
                ledger.failed(client, sequence);
                errors.add(ctx.phase().name() + " client " + client + " seq " + sequence, cause);
                permits.release();
            }
        }

        /**
         * Hands one message to the library. A send the library refuses while it fails over is handed again (the
         * same message, until {@code retryForNanos} after the first refusal).
         */
        private void sendAsyncRetrying(Publisher publisher, Stamp stamp, Confirmation confirmation) throws Exception {
            long giveUpAt = 0;
            while (true) {
                try {
                    publisher.sendAsync(stamp, payload, confirmation);
                    return;
                } catch (Exception e) {
                    long now = System.nanoTime();
                    giveUpAt = giveUpAt == 0 ? now + retryForNanos : giveUpAt;
                    if (!retry || now >= giveUpAt || !pause()) {
                        throw e;
                    }
                    errors.add(ctx.phase().name() + " client " + client + " seq " + stamp.sequence()
                            + " (sent again: the client reconnects)", e);
                }
            }
        }

        private long intendedSendTime() {
            long intended = pacer.awaitNext();
            if (pacer.paced()) {
                sendDelay.record(client, System.nanoTime() - intended);
            }
            return intended;
        }
    }
}
