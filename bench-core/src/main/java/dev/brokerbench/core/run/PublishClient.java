package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.LatencyRecorder;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.metrics.Streams;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.Rollback;
import dev.brokerbench.core.spi.Confirmation;
import dev.brokerbench.core.spi.Publisher;
import dev.brokerbench.core.spi.Stamp;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One publishing client of a {@link PublishPhase}: its send loop in the phase's mode (sync, async with a window,
 * unconfirmed, transacted), stamping each message and accounting for it on its own lane. When the clients are to ride
 * a fault out (reconnect or fail over), a send that fails, and an async send whose confirmation fails, is made again.
 */
final class PublishClient {
    /** A send that failed while the client reconnects to a restarted broker is retried until this long after. */
    static final Duration RETRY_FOR = Duration.ofSeconds(120);
    /**
     * After a leader kill the other nodes are up all along: a client that has not got through this long after its
     * first failure will not (its failover did not work).
     */
    static final Duration FAILOVER_RETRY_FOR = Duration.ofSeconds(30);
    private static final Duration RETRY_PAUSE = Duration.ofMillis(50);

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
    private final Bodies bodies;
    private final boolean retry;
    private final long retryForNanos;
    private final ReconnectWatch reconnect;
    private final ScheduleSteps steps;

    /**
     * @param reconnect told of every confirmation, for a broker restarted during the phase; else null
     * @param steps     a rate schedule's steps, told each send's delay; else null
     */
    PublishClient(PhaseContext ctx, int client, Streams streams, SendLedger ledger, ProgressClock clock,
                  LatencyRecorder latency, LatencyRecorder sendDelay, ErrorLog errors, long startNanos,
                  ReconnectWatch reconnect, ScheduleSteps steps) {
        this.steps = steps;
        this.retry = Fault.reconnects(ctx.fault());
        this.retryForNanos = ctx.fault() != null && ctx.fault().target() == Fault.Target.LEADER
                ? FAILOVER_RETRY_FOR.toNanos()
                : RETRY_FOR.toNanos();
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
        this.pacer = RatePacer.of(ctx.workload(), startNanos);
        this.bodies = new Bodies(ctx.workload(), stream);
    }

    void sendSync(Publisher publisher) {
        for (long seq = 0; seq < count; seq++) {
            long intended = intendedSendTime();
            ledger.sent(client);
            Stamp stamp = new Stamp(stream, seq, intended);
            byte[] body = bodies.of(seq);
            try {
                retrying(seq, () -> publisher.send(stamp, body));
            } catch (Exception e) {
                ledger.failed(client, seq);
                errors.add(ctx.phase().name() + " client " + client + " seq " + seq, e);
                return;
            }
            long now = System.nanoTime();
            if (reconnect != null) {
                reconnect.confirmed(now);
            }
            ledger.confirmed(client, seq);
            latency.record(client, now - intended, body.length);
            lane.tick(now, body.length);
        }
    }

    /** One attempt to hand a message to the library. */
    @FunctionalInterface
    private interface Attempt {
        void run() throws Exception;
    }

    /**
     * Makes one attempt. Without reconnection a failure is thrown (and ends this client's publishing). With it, the
     * failure is recorded and the attempt made again (its library reconnects or fails over meanwhile), until
     * {@code retryForNanos} after the first failure, when the last one is thrown: a message whose first attempt did
     * reach the broker then arrives twice, and the drain counts it.
     */
    private void retrying(long seq, Attempt attempt) throws Exception {
        long giveUpAt = 0;
        while (true) {
            try {
                attempt.run();
                return;
            } catch (Exception e) {
                long now = System.nanoTime();
                giveUpAt = giveUpAt == 0 ? now + retryForNanos : giveUpAt;
                if (!retry || now >= giveUpAt || !pause()) {
                    throw e;
                }
                errors.add(ctx.phase().name() + " client " + client + " seq " + seq
                        + " (sent again: the client reconnects)", e);
            }
        }
    }

    /** Waits before a send is tried again; false when interrupted. */
    private static boolean pause() {
        try {
            Thread.sleep(RETRY_PAUSE.toMillis());
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
            byte[] body = bodies.of(seq);
            try {
                publisher.sendUnconfirmed(new Stamp(stream, seq, intended), body);
            } catch (Exception e) {
                ledger.failed(client, seq);
                errors.add(ctx.phase().name() + " client " + client + " seq " + seq, e);
                return;
            }
            ledger.taken(client, seq);
            lane.tick(System.nanoTime(), body.length);
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
                    publisher.sendTransacted(new Stamp(stream, first + i, intended[i]), bodies.of(first + i));
                }
                if (rollback != null && rollback.rollsBack(transaction)) {
                    publisher.rollback();
                    ledger.rolledBack(client, size);
                    transaction++;
                    for (int i = 0; i < size; i++) {
                        publisher.sendTransacted(new Stamp(stream, first + i, intended[i]), bodies.of(first + i));
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
                int bytes = bodies.sizeOf(first + i);
                latency.record(client, now - intended[i], bytes);
                lane.tick(now, bytes);
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
        Queue<AsyncSend> failed = new ConcurrentLinkedQueue<>();
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
        while (!permits.tryAcquire(window, RETRY_PAUSE.toMillis(), TimeUnit.MILLISECONDS)) {
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
    private boolean resend(Publisher publisher, Queue<AsyncSend> failed) {
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
            Stamp stamp = new Stamp(stream, send.sequence, send.intended);
            byte[] body = bodies.of(send.sequence);
            retrying(send.sequence, () -> publisher.sendAsync(stamp, body, send));
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
        private final Queue<AsyncSend> failed;
        private long firstFailure;

        AsyncSend(long sequence, long intended, Semaphore permits, Queue<AsyncSend> failed) {
            this.sequence = sequence;
            this.intended = intended;
            this.permits = permits;
            this.failed = failed;
        }

        @Override
        public void confirmed() {
            long now = System.nanoTime();
            ledger.confirmed(client, sequence);
            int bytes = bodies.sizeOf(sequence);
            latency.record(client, now - intended, bytes);
            lane.tick(now, bytes);
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

    private long intendedSendTime() {
        long intended = pacer.awaitNext();
        if (pacer.paced()) {
            long delay = System.nanoTime() - intended;
            sendDelay.record(client, delay);
            if (steps != null) {
                steps.sendDelay(client, intended, delay);
            }
        }
        return intended;
    }
}
