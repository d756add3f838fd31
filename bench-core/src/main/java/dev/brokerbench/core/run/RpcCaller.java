package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.LatencyRecorder;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.model.CallCase;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.Requester;
import dev.brokerbench.core.spi.RpcPayload;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * One client of a request/reply phase ({@link RpcPhase}): its calls, at most {@code window} in flight, each reply
 * matched to its call and checked. A call with no reply within the timeout of its last send is sent again (same
 * correlation id) while its retries last, then given up; its latency runs from its first send to its answer.
 */
final class RpcCaller {
    /** Counters shared by the clients of one phase, and what they do with a failure. */
    static final class Tally {
        /** Where a client records a failed send or receive it rides out (a broker the clients reconnect to). */
        final ErrorLog errors;
        /** A broker kill the clients ride out: told of every answer; else null. */
        final ReconnectWatch reconnect;

        Tally(ErrorLog errors, ReconnectWatch reconnect) {
            this.errors = errors;
            this.reconnect = reconnect;
        }

        final LongAdder sent = new LongAdder();
        final LongAdder replies = new LongAdder();
        final LongAdder correct = new LongAdder();
        final LongAdder wrongBody = new LongAdder();
        final LongAdder wrongCorrelation = new LongAdder();
        final LongAdder late = new LongAdder();
        final LongAdder timedOut = new LongAdder();
        final LongAdder retried = new LongAdder();
        final LongAdder answeredTwice = new LongAdder();
        final LongAdder neverAnswered = new LongAdder();
        /** When the first call that had to be sent again was answered; 0 before. */
        final java.util.concurrent.atomic.AtomicLong firstRetriedAnswer = new java.util.concurrent.atomic.AtomicLong();

        void retriedAnswered(long nanos) {
            firstRetriedAnswer.compareAndSet(0, nanos);
        }

        void answered(long nanos) {
            if (reconnect != null) {
                reconnect.confirmed(nanos);
            }
        }
    }

    /**
     * How a client calls: calls in flight, how long a send waits for its reply, how often a call is sent again.
     */
    record Timing(int window, long timeoutNanos, int retries) {
        static Timing of(Workload w) {
            dev.brokerbench.core.model.Rpc rpc = CallCase.of(w).rpc();
            return rpc.retry() == null
                    ? new Timing(rpc.window(), TimeUnit.SECONDS.toNanos(w.idleTimeoutSeconds()), 0)
                    : new Timing(rpc.window(), TimeUnit.MILLISECONDS.toNanos(rpc.retry().timeoutMillis()),
                    rpc.retry().retries());
        }
    }

    private final Requester requester;
    private final long first;
    private final long count;
    private final Workload workload;
    private final int window;
    private final long timeoutNanos;
    private final int retries;
    private final Tally tally;
    private final ProgressClock.Lane lane;
    private final int client;
    private final LatencyRecorder latency;
    private final long[] slotCall;
    private final long[] slotFirstSent;
    private final int[] slotAttempt;
    private final SendQueue sends = new SendQueue();
    private final java.util.BitSet answered = new java.util.BitSet();
    private int inFlight;
    private long next;

    RpcCaller(Requester requester, long first, long count, Workload workload, Timing timing, Tally tally,
           ProgressClock.Lane lane, int client, LatencyRecorder latency) {
        this.requester = requester;
        this.first = first;
        this.count = count;
        this.workload = workload;
        this.window = timing.window();
        this.timeoutNanos = timing.timeoutNanos();
        this.retries = timing.retries();
        this.tally = tally;
        this.lane = lane;
        this.client = client;
        this.latency = latency;
        this.slotCall = new long[window];
        this.slotFirstSent = new long[window];
        this.slotAttempt = new int[window];
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
                long now = System.nanoTime();
                slotCall[slot] = call;
                slotFirstSent[slot] = now;
                slotAttempt[slot] = 0;
                tally.sent.increment();
                inFlight++;
                next++;
                send(slot, now);
                continue;
            }
            long waitNanos = sends.nextDeadline(this::current) - System.nanoTime();
            Reply reply = poll(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos)));
            long now = System.nanoTime();
            if (reply == null) {
                expire(now);
                continue;
            }
            received(reply, now);
        }
    }

    /**
     * Sends the call in {@code slot} (again, after a timeout), its deadline queued behind every earlier one. While
     * the clients ride a broker's restart out, a send that fails is recorded and left to time out (and be sent
     * again); otherwise the failure ends the client.
     */
    private void send(int slot, long now) throws Exception {
        long call = slotCall[slot];
        sends.add(call, slotAttempt[slot], now + timeoutNanos);
        try {
            requester.request(call, RpcPayload.request(call, RpcPhase.sizeOf(workload, call)));
        } catch (Exception e) {
            if (tally.reconnect == null) {
                throw e;
            }
            tally.errors.add("rpc client " + client + ": call " + RpcPhase.sequence(call) + " not sent (sent"
                    + " again after its timeout)", e);
        }
    }

    /** The next reply; while the clients ride a broker's restart out, a failed receive is recorded, as none. */
    private Reply poll(long millis) throws Exception {
        try {
            return requester.poll(millis);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            if (tally.reconnect == null) {
                throw e;
            }
            tally.errors.add("rpc client " + client + ": receive failed", e);
            Thread.sleep(Math.min(millis, 50));
            return null;
        }
    }

    /** Whether a queued send is still its call's latest, unanswered. */
    private boolean current(long call, int attempt) {
        int slot = (int) ((call - first) % window);
        return slotCall[slot] == call && slotAttempt[slot] == attempt;
    }

    private void received(Reply reply, long now) {
        tally.replies.increment();
        long seq = reply.correlationId() - first;
        if (seq < 0 || seq >= next) { // not one of this client's calls sent so far
            tally.wrongCorrelation.increment();
            return;
        }
        int slot = (int) (seq % window);
        if (slotCall[slot] != reply.correlationId()) { // one of ours, no longer in flight
            (answered.get((int) seq) ? tally.answeredTwice : tally.late).increment();
            return;
        }
        slotCall[slot] = -1;
        inFlight--;
        answered.set((int) seq);
        int bytes = RpcPhase.sizeOf(workload, reply.correlationId());
        if (!RpcPayload.verify(reply.correlationId(), bytes, reply.body())) {
            tally.wrongBody.increment();
            return;
        }
        tally.correct.increment();
        if (slotAttempt[slot] > 0) {
            tally.retriedAnswered(now);
        }
        latency.record(client, now - slotFirstSent[slot], bytes);
        lane.tick(now);
        tally.answered(now);
    }

    /** Sends whose reply is overdue: sent again while the call's retries last, else the call is given up. */
    private void expire(long now) throws Exception {
        while (sends.overdue(now, this::current)) {
            long call = sends.pollCall();
            int slot = (int) ((call - first) % window);
            tally.timedOut.increment();
            if (slotAttempt[slot] < retries) {
                slotAttempt[slot]++;
                tally.retried.increment();
                send(slot, now);
            } else {
                slotCall[slot] = -1;
                inFlight--;
                tally.neverAnswered.increment();
            }
        }
    }
}
