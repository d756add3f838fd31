package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.IntervalSampler;
import dev.brokerbench.core.metrics.LatencyRecorder;
import dev.brokerbench.core.metrics.Outage;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.ReceiveLedger;
import dev.brokerbench.core.metrics.Reconciler;
import dev.brokerbench.core.metrics.ResourceMeter;
import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.metrics.Streams;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RpcAccounting;
import dev.brokerbench.core.run.remote.ProcessRpcServer;
import dev.brokerbench.core.spi.Calls;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcPayload;
import dev.brokerbench.core.spi.RpcServer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Request/reply and one-way traffic against running server sessions, counted at three points: sent by the clients,
 * received by the servers, replies received (and checked) by the clients.
 *
 * <p>RPC: each client keeps at most {@code rpcWindow} calls in flight (1 = the published method: send, wait for the
 * reply, verify, next). A reply counts as correct only when its correlation id is that of a call in flight and its
 * body is the request with every byte + 1; latency is send to verified reply (a closed loop: a slow reply delays
 * the next call, so this is the service time per call). One-way: clients send as fast as the library lets them, each
 * message carrying its correlation id; the servers report each id as it arrives ({@link ServerTally}), and the phase
 * accounts by sequence number: lost = sent and never arrived, duplicates, and foreign arrivals (another phase's
 * messages, e.g. a straggler of the warm-up pass) apart. The one-way rate counts first arrivals, from the phase's
 * common start (every session open) to the last arrival, like every other phase's.
 */
final class RpcPhase {
    private static final int CLIENT_BITS = Streams.INDEX_BITS;
    private static final int SEQUENCE_BITS = 32;

    private RpcPhase() {
    }

    /** @param kill what the phase's fault did; null without one (or when the phase ended before it) */
    record Outcome(PhaseResult result, RpcAccounting accounting, Kill kill) {
    }

    /**
     * A kill during the phase: of a server process, or of the broker (restarted at once).
     *
     * @param answeredAtKill calls answered when it was sent
     * @param process        which server process it was; null for the broker
     * @param outage         the longest silence in the answers after the kill; empty when none ended it
     * @param firstRetriedAnswerMillis from the kill to the first answer to a call that had to be sent again; empty
     *                                 when none was
     * @param reconnect      the broker's restart and the first answer after it; null for a server kill
     */
    record Kill(long answeredAtKill, String process, java.util.Optional<Outage> outage,
                java.util.OptionalLong firstRetriedAnswerMillis, ReconnectWatch reconnect) {
    }

    static Outcome run(PhaseContext ctx, RpcServer server, ServerTally serverTally) throws Exception {
        boolean oneWay = ctx.phase().action() == Action.ONEWAY;
        long tag = ThreadLocalRandom.current().nextLong(1, 1L << 15);
        // a client's stream id is its correlation ids' high bits (stream())
        Streams streams = new Streams(ctx.workload().clients(), ctx.messages(), tag);
        // one lane per client; one-way messages are ticked where they arrive, by the servers, on one more lane
        ProgressClock clock = new ProgressClock(streams.size() + 1, streams.total());
        LatencyRecorder latency = new LatencyRecorder(streams.size(), oneWay ? null : ctx.workload().sizes());
        ErrorLog errors = new ErrorLog();
        ReconnectWatch reconnect = ctx.fault() instanceof dev.brokerbench.core.model.Fault.KillBroker
                ? new ReconnectWatch() : null;
        RpcCaller.Tally tally = new RpcCaller.Tally(errors, reconnect);
        long timeoutNanos = TimeUnit.SECONDS.toNanos(ctx.workload().idleTimeoutSeconds());
        long receivedBefore = server.received();
        SendLedger casts = oneWay ? new SendLedger(streams) : null;
        ReceiveLedger arrivals = oneWay ? ReceiveLedger.whilePublishing(casts) : null;
        if (oneWay) {
            serverTally.attach(arrivals, clock.lane(streams.size()));
        }
        ctx.progress().phaseStarted(ctx.label(), streams.total(), clock::count);
        if (!oneWay) {
            ctx.progress().latencyOf(LatencyMetric.CALL, latency::soFar);
        }
        IntervalSampler sampler = IntervalSampler.start(oneWay ? List.of() : List.of(latency));
        ProcessRpcServer processes = server instanceof ProcessRpcServer p ? p : null;
        ResourceMeter meter = ResourceMeter.start(ctx.brokerPid(), processes == null ? List.of() : processes.pids());
        long[] killNanos = {0};
        String[] killed = {null};
        FaultTrigger trigger = ctx.fault() == null ? null : FaultTrigger.start(() -> {
            killNanos[0] = System.nanoTime();
            if (reconnect == null) {
                killed[0] = serverProcesses(processes).kill();
            } else {
                PublishPhase.killAndRestart(ctx, reconnect);
            }
        }, clock, (long) Math.ceil(streams.total() * ctx.fault().at()));
        RpcCaller.Timing timing = oneWay ? null : RpcCaller.Timing.of(ctx.workload());
        // when the last client had its last answer or gave its last call up: the end of a silence that no answer
        // ended (closing the sessions afterwards is no silence of the calls')
        java.util.concurrent.atomic.AtomicLong callsEnded = new java.util.concurrent.atomic.AtomicLong();
        try {
            ClientThreads.run(ctx.phase().name(), streams.size(), client -> ctx.driver().require(Calls.class)
                            .requester(ctx.workload().queue(), !oneWay),
                    (client, requester) -> {
                        long first = correlation(tag, client, 0);
                        if (oneWay) {
                            cast(requester, client, first, streams.count(client), ctx.workload(), casts);
                        } else {
                            new RpcCaller(requester, first, streams.count(client), ctx.workload(), timing, tally,
                                    clock.lane(client), client, latency).run();
                            callsEnded.accumulateAndGet(System.nanoTime(), Math::max);
                        }
                    },
                    t -> {
                        clock.start(t);
                        meter.sampleNow();
                    }, ctx.limits().sessionOpen(), ctx.limits().deadline(ctx.messages()), errors);
            if (oneWay) {
                arrivals.publishEnded(System.nanoTime());
                awaitServers(arrivals, timeoutNanos);
            }
        } finally {
            meter.close();
            sampler.close();
            serverTally.detach();
            ctx.progress().phaseEnded();
            if (trigger != null) {
                trigger.stop();
            }
        }
        long endNanos = callsEnded.get() == 0 ? System.nanoTime() : callsEnded.get();
        RpcAccounting accounting = oneWay ? oneWay(Reconciler.reconcile(casts, arrivals, List.of()))
                : calls(tally, server.received() - receivedBefore);
        PhaseSummaries summary = PhaseSummaries.of(clock, ctx.window().withCompletions(window(streams.total())));
        PhaseResult result = new PhaseResult(ctx.phase().name(), ctx.phase().action(), null, ctx.phase().reported(),
                streams.total(), summary.completed(), null, summary.activeSeconds(), summary.rate(), summary.series(),
                oneWay ? null : LatencySummary.of(latency.histogram()), null, null,
                summary.resources(meter), errors.snapshot(), List.of(), null, null,
                oneWay ? null : latency.bySize(LatencyMetric.CALL),
                oneWay ? Map.of() : Map.of(LatencyMetric.CALL, latency.log()));
        Kill kill = trigger == null || trigger.countAtKill().isEmpty() ? null
                : new Kill(trigger.countAtKill().getAsLong(), killed[0],
                Outage.after(clock.timeline(), killNanos[0], endNanos), tally.firstRetriedAnswer.get() == 0
                ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(Math.max(0, TimeUnit.NANOSECONDS
                .toMillis(tally.firstRetriedAnswer.get() - killNanos[0]))), reconnect);
        return new Outcome(result, accounting, kill);
    }

    /** The server whose process a fault kills. */
    private static ProcessRpcServer serverProcesses(ProcessRpcServer processes) {
        if (processes == null) {
            throw new IllegalStateException("killing a server needs server sessions in processes of their own, and"
                    + " this runner did not start them");
        }
        return processes;
    }

    /** Rate windows of 1000 as everywhere, smaller for short cells so that min/max still mean something. */
    static int window(long total) {
        return (int) Math.max(1, Math.min(1000, total / 20));
    }

    /** Calls: the servers' count of requests against the clients' sends (first and retried) and replies. */
    private static RpcAccounting calls(RpcCaller.Tally tally, long received) {
        long sent = tally.sent.sum();
        long retried = tally.retried.sum();
        return new RpcAccounting(sent, received, tally.replies.sum(), tally.correct.sum(), tally.wrongBody.sum(),
                tally.wrongCorrelation.sum(), tally.late.sum(), tally.timedOut.sum(),
                Math.max(0, sent + retried - received), 0, 0, retried, tally.answeredTwice.sum(),
                tally.neverAnswered.sum());
    }

    /**
     * One-way: sequence numbers sent against those that arrived at the servers; foreign counts every arrival not of
     * the phase, a warm-up's straggler ({@link Accounting#earlier}) as well as a stranger's.
     */
    private static RpcAccounting oneWay(Accounting a) {
        return new RpcAccounting(a.sent(), a.received(), 0, 0, 0, 0, 0, 0, a.lost(), a.duplicates(),
                a.foreign() + a.earlier());
    }

    /**
     * Phase tag (15 bits), client (16 bits), call sequence (32 bits): unique per call (or one-way message), never
     * negative.
     */
    static long correlation(long tag, int client, long sequence) {
        return tag << (CLIENT_BITS + SEQUENCE_BITS) | (long) client << SEQUENCE_BITS | sequence;
    }

    /**
     * The stream of a correlation id: phase tag and client, the id of the client's stream in the phase's
     * {@link Streams} (whose index bits are {@link #CLIENT_BITS}); any other id gives a stream of no phase's.
     */
    static long stream(long correlationId) {
        return correlationId >>> SEQUENCE_BITS;
    }

    /** The sequence number of a correlation id within its stream. */
    static long sequence(long correlationId) {
        return correlationId & (1L << SEQUENCE_BITS) - 1;
    }

    /** The body size of the call (or one-way message) {@code correlationId} of {@code w}. */
    static int sizeOf(Workload w, long correlationId) {
        return w.sizeOf(stream(correlationId), sequence(correlationId));
    }

    private static void cast(Requester requester, int client, long first, long count, Workload w, SendLedger casts)
            throws Exception {
        for (long seq = 0; seq < count; seq++) {
            requester.cast(first + seq, RpcPayload.request(first + seq, sizeOf(w, first + seq)));
            casts.sent(client);
            casts.taken(client, seq);
        }
    }

    /** After the last send: until every message sent has arrived at the servers, or none arrived for the idle timeout. */
    private static void awaitServers(ReceiveLedger arrivals, long timeoutNanos) throws InterruptedException {
        long last = arrivals.uniqueReceived();
        long quietSince = System.nanoTime();
        while (!arrivals.allExpectedArrived()) {
            Thread.sleep(5);
            long now = System.nanoTime();
            if (arrivals.uniqueReceived() != last) {
                last = arrivals.uniqueReceived();
                quietSince = now;
            } else if (now - quietSince > timeoutNanos) {
                return;
            }
        }
    }
}
