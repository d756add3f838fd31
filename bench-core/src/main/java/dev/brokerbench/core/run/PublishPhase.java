package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerStartException;
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
     */
    record Outcome(PhaseResult result, SendLedger ledger, OptionalLong confirmedAtKill, ReconnectWatch reconnect) {
    }

    /** A send that failed while the client reconnects is retried, until this long after its first failure. */
    static final long RETRY_FOR_NANOS = TimeUnit.SECONDS.toNanos(120);

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

        ctx.progress().phaseStarted(ctx.label(), streams.total(), clock::count);
        ReconnectWatch reconnect = Fault.reconnects(ctx.fault()) ? new ReconnectWatch() : null;
        FaultTrigger trigger = ctx.fault() == null ? null
                : FaultTrigger.start(() -> kill(ctx, reconnect), clock,
                        (long) Math.ceil(streams.total() * ctx.fault().at()));
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
        try {
            String destination = ctx.workload().queue();
            ClientThreads.run(name, streams.size(), client -> ctx.workload().fanOut()
                            ? ctx.driver().topicPublisher(destination, mode) : ctx.driver().publisher(destination, mode),
                    (client, publisher) -> {
                        Sender sender = new Sender(ctx, client, streams, ledger, clock, latency, sendDelay, errors,
                                start[0], reconnect);
                        switch (mode) {
                            case SYNC -> sender.sendSync(publisher);
                            case ASYNC -> sender.sendAsync(publisher);
                            case UNCONFIRMED -> sender.sendUnconfirmed(publisher);
                            case TRANSACTED -> sender.sendTransacted(publisher);
                        }
                    },
                    t -> {
                        start[0] = t;
                        clock.start(t);
                        started.accept(t);
                    },
                    ctx.limits().sessionOpen(), ctx.limits().deadline(ctx.messages()), errors);
        } finally {
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
        return new Outcome(result, ledger, trigger == null ? OptionalLong.empty() : trigger.countAtKill(), reconnect);
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
        private final ReconnectWatch reconnect;

        Sender(PhaseContext ctx, int client, Streams streams, SendLedger ledger, ProgressClock clock,
               LatencyRecorder latency, LatencyRecorder sendDelay, ErrorLog errors, long startNanos,
               ReconnectWatch reconnect) {
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
         * {@link #RETRY_FOR_NANOS}: a message whose first attempt did reach the broker then arrives twice, and the
         * drain counts it.
         */
        private boolean sendRetrying(Publisher publisher, long seq, long intended) {
            long giveUpAt = 0;
            while (true) {
                try {
                    publisher.send(new Stamp(stream, seq, intended), payload);
                    return true;
                } catch (Exception e) {
                    long now = System.nanoTime();
                    giveUpAt = giveUpAt == 0 ? now + RETRY_FOR_NANOS : giveUpAt;
                    boolean retry = reconnect != null && now < giveUpAt;
                    errors.add(ctx.phase().name() + " client " + client + " seq " + seq
                            + (retry ? " (sent again: the client reconnects)" : ""), e);
                    if (!retry) {
                        ledger.failed(client, seq);
                        return false;
                    }
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                        ledger.failed(client, seq);
                        return false;
                    }
                }
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

        void sendAsync(Publisher publisher) throws InterruptedException {
            int window = ctx.workload().publishWindow();
            Semaphore permits = new Semaphore(window);
            long confirmTimeout = ctx.limits().confirm().toNanos();
            for (long seq = 0; seq < count; seq++) {
                if (!permits.tryAcquire(confirmTimeout, TimeUnit.NANOSECONDS)) {
                    errors.add(ctx.phase().name() + " client " + client + ": no confirmation for "
                            + ctx.limits().confirm().toSeconds() + " s with " + window + " sends outstanding");
                    return;
                }
                long intended = intendedSendTime();
                long sequence = seq;
                ledger.sent(client);
                try {
                    publisher.sendAsync(new Stamp(stream, seq, intended), payload, new Confirmation() {
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
                            ledger.failed(client, sequence);
                            errors.add(ctx.phase().name() + " client " + client + " seq " + sequence, cause);
                            permits.release();
                        }
                    });
                } catch (Exception e) {
                    ledger.failed(client, seq);
                    permits.release();
                    errors.add(ctx.phase().name() + " client " + client + " seq " + seq, e);
                    return;
                }
            }
            if (!permits.tryAcquire(window, confirmTimeout, TimeUnit.NANOSECONDS)) {
                errors.add(ctx.phase().name() + " client " + client + ": " + (window - permits.availablePermits())
                        + " sends still unconfirmed after " + ctx.limits().confirm().toSeconds() + " s");
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
