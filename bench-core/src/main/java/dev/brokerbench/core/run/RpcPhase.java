package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.IntervalSampler;
import dev.brokerbench.core.metrics.LatencyRecorder;
import dev.brokerbench.core.result.LatencyMetric;
import java.util.List;
import java.util.Map;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.ResourceMeter;
import dev.brokerbench.core.metrics.Streams;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RpcAccounting;
import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcPayload;
import dev.brokerbench.core.spi.RpcServer;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Request/reply and one-way traffic against running server sessions, counted at three points: sent by the clients,
 * received by the servers, replies received (and checked) by the clients.
 *
 * <p>RPC: each client keeps at most {@code rpcWindow} calls in flight (1 = the published method: send, wait for the
 * reply, verify, next). A reply counts as correct only when its correlation id is that of a call in flight and its
 * body is the request with every byte + 1; latency is send to verified reply (a closed loop: a slow reply delays
 * the next call, so this is the service time per call). One-way: clients send as fast as the library lets them; the
 * rate is measured where the messages arrive, at the servers.
 */
final class RpcPhase {
    private static final int CLIENT_BITS = 16;
    private static final int SEQUENCE_BITS = 32;

    private RpcPhase() {
    }

    record Outcome(PhaseResult result, RpcAccounting accounting) {
    }

    /** Counters shared by the clients of one phase. */
    private static final class Tally {
        final LongAdder sent = new LongAdder();
        final LongAdder replies = new LongAdder();
        final LongAdder correct = new LongAdder();
        final LongAdder wrongBody = new LongAdder();
        final LongAdder wrongCorrelation = new LongAdder();
        final LongAdder late = new LongAdder();
        final LongAdder timedOut = new LongAdder();
    }

    static Outcome run(PhaseContext ctx, RpcServer server, ServerTally serverTally) throws Exception {
        boolean oneWay = ctx.phase().action() == Action.ONEWAY;
        Streams streams = new Streams(ctx.workload().clients(), ctx.messages());
        // one lane per client; one-way messages are ticked where they arrive, by the servers, on one more lane
        ProgressClock clock = new ProgressClock(streams.size() + 1, streams.total());
        LatencyRecorder latency = new LatencyRecorder(streams.size());
        ErrorLog errors = new ErrorLog();
        Tally tally = new Tally();
        long tag = ThreadLocalRandom.current().nextLong(1, 1L << 15);
        long timeoutNanos = TimeUnit.SECONDS.toNanos(ctx.workload().idleTimeoutSeconds());
        long receivedBefore = server.received();
        if (oneWay) {
            serverTally.attach(clock.lane(streams.size()));
        }
        ctx.progress().phaseStarted(ctx.label(), streams.total(), clock::count);
        if (!oneWay) {
            ctx.progress().latencyOf(LatencyMetric.CALL, latency::soFar);
        }
        IntervalSampler sampler = IntervalSampler.start(oneWay ? List.of() : List.of(latency));
        ResourceMeter meter = ResourceMeter.start(ctx.brokerPid());
        try {
            ClientThreads.run(ctx.phase().name(), streams.size(), client -> ctx.driver().requester(ctx.workload().queue(),
                            !oneWay),
                    (client, requester) -> {
                        long first = correlation(tag, client, 0);
                        if (oneWay) {
                            cast(requester, first, streams.count(client), ctx.workload().payloadBytes(), tally);
                        } else {
                            new Caller(requester, first, streams.count(client), ctx.workload().payloadBytes(),
                                    ctx.workload().rpc().window(), timeoutNanos, tally, clock.lane(client), client,
                                    latency).run();
                        }
                    },
                    t -> {
                        clock.start(t);
                        meter.sampleNow();
                    }, ctx.limits().sessionOpen(), ctx.limits().deadline(ctx.messages()), errors);
            if (oneWay) {
                awaitServers(clock, tally.sent.sum(), timeoutNanos);
            }
        } finally {
            meter.close();
            sampler.close();
            serverTally.detach();
            ctx.progress().phaseEnded();
        }
        long received = server.received() - receivedBefore;
        long sent = tally.sent.sum();
        RpcAccounting accounting = new RpcAccounting(sent, received, tally.replies.sum(), tally.correct.sum(),
                tally.wrongBody.sum(), tally.wrongCorrelation.sum(), tally.late.sum(), tally.timedOut.sum(),
                Math.max(0, sent - received));
        PhaseSummaries summary = PhaseSummaries.of(clock, ctx.window().withCompletions(window(streams.total())));
        PhaseResult result = new PhaseResult(ctx.phase().name(), ctx.phase().action(), null, ctx.phase().reported(),
                streams.total(), summary.completed(), summary.activeSeconds(), summary.rate(), summary.series(),
                oneWay ? null : LatencySummary.of(latency.histogram()), null, null,
                summary.resources(meter), errors.snapshot(),
                oneWay ? Map.of() : Map.of(LatencyMetric.CALL, latency.log()));
        return new Outcome(result, accounting);
    }

    /** Rate windows of 1000 as everywhere, smaller for short cells so that min/max still mean something. */
    static int window(long total) {
        return (int) Math.max(1, Math.min(1000, total / 20));
    }

    /** Phase tag (15 bits), client (16 bits), call sequence (32 bits): unique per call, never negative. */
    static long correlation(long tag, int client, long sequence) {
        return tag << (CLIENT_BITS + SEQUENCE_BITS) | (long) client << SEQUENCE_BITS | sequence;
    }

    private static void cast(Requester requester, long first, long count, int size, Tally tally) throws Exception {
        for (long seq = 0; seq < count; seq++) {
            requester.cast(RpcPayload.request(first + seq, size));
            tally.sent.increment();
        }
    }

    /** After the last send: until the servers have everything, or nothing arrived for the idle timeout. */
    private static void awaitServers(ProgressClock clock, long sent, long timeoutNanos) throws InterruptedException {
        long last = clock.count();
        long quietSince = System.nanoTime();
        while (clock.count() < sent) {
            Thread.sleep(5);
            long now = System.nanoTime();
            if (clock.count() != last) {
                last = clock.count();
                quietSince = now;
            } else if (now - quietSince > timeoutNanos) {
                return;
            }
        }
    }

    /** One client's calls: at most {@code window} in flight, each reply matched to its call and checked. */
    private static final class Caller {
        private final Requester requester;
        private final long first;
        private final long count;
        private final int size;
        private final int window;
        private final long timeoutNanos;
        private final Tally tally;
        private final ProgressClock.Lane lane;
        private final int client;
        private final LatencyRecorder latency;
        private final long[] slotCall;
        private final long[] slotSent;
        private int inFlight;
        private long next;
        private long oldest;

        Caller(Requester requester, long first, long count, int size, int window, long timeoutNanos, Tally tally,
               ProgressClock.Lane lane, int client, LatencyRecorder latency) {
            this.requester = requester;
            this.first = first;
            this.count = count;
            this.size = size;
            this.window = window;
            this.timeoutNanos = timeoutNanos;
            this.tally = tally;
            this.lane = lane;
            this.client = client;
            this.latency = latency;
            this.slotCall = new long[window];
            this.slotSent = new long[window];
            java.util.Arrays.fill(slotCall, -1);
        }

        void run() throws Exception {
            while (next < count || inFlight > 0) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                int slot = (int) (next % window);
                if (next < count && inFlight < window && slotCall[slot] < 0) {
                    long call = first + next;
                    byte[] body = RpcPayload.request(call, size);
                    slotCall[slot] = call;
                    slotSent[slot] = System.nanoTime();
                    tally.sent.increment();
                    inFlight++;
                    next++;
                    requester.request(call, body);
                    continue;
                }
                long waitNanos = slotSent[(int) (oldest % window)] + timeoutNanos - System.nanoTime();
                Reply reply =
                        requester.poll(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos)));
                long now = System.nanoTime();
                if (reply == null) {
                    expire(now);
                    continue;
                }
                tally.replies.increment();
                long seq = reply.correlationId() - first;
                int replySlot = seq >= 0 && seq < count ? (int) (seq % window) : -1;
                if (replySlot < 0) {
                    tally.wrongCorrelation.increment();
                    continue;
                }
                if (slotCall[replySlot] != reply.correlationId()) {
                    // one of ours, but not in flight: sent, then timed out or already answered
                    (seq < next ? tally.late : tally.wrongCorrelation).increment();
                    continue;
                }
                slotCall[replySlot] = -1;
                inFlight--;
                if (RpcPayload.verify(reply.correlationId(), size, reply.body())) {
                    tally.correct.increment();
                    latency.record(client, now - slotSent[replySlot]);
                    lane.tick(now);
                } else {
                    tally.wrongBody.increment();
                }
                advanceOldest();
            }
        }

        /** Calls whose reply is overdue are given up (counted as timed out); a reply that comes later is late. */
        private void expire(long now) {
            while (inFlight > 0) {
                int slot = (int) (oldest % window);
                if (slotCall[slot] != first + oldest || now - slotSent[slot] < timeoutNanos) {
                    return;
                }
                slotCall[slot] = -1;
                inFlight--;
                tally.timedOut.increment();
                advanceOldest();
            }
        }

        private void advanceOldest() {
            while (oldest < next && slotCall[(int) (oldest % window)] != first + oldest) {
                oldest++;
            }
        }
    }
}
