package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.DestinationLedger;
import dev.brokerbench.core.metrics.LatencyRecorder;
import dev.brokerbench.core.metrics.OrderTracker;
import dev.brokerbench.core.metrics.ProgressClock;
import dev.brokerbench.core.metrics.ReceiveLedger;
import dev.brokerbench.core.metrics.Streams;
import dev.brokerbench.core.model.Processing;
import dev.brokerbench.core.model.SizeMix;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.Consumer;
import dev.brokerbench.core.spi.Delivery;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One consumer's loop in a {@link ConsumePhase}: it receives until everything its ledger awaits has arrived (then
 * settles for duplicates), or, once the publishers are done, nothing arrived for the idle timeout. Each delivery is
 * recorded in the ledger and the consumer's order tracker; a first receipt is counted on its clock lane with its body
 * bytes (checked against the size it was sent with), timed end to end beside publishers, told to a rate schedule's
 * steps and a backlog's watch; the workload's processing time is spent after each message, before its
 * acknowledgement.
 */
final class ConsumerDrain {
    private static final long POLL_MILLIS = 100;
    /** How often (in receipts) a busy consumer checks whether everything confirmed has arrived. */
    private static final int CHECK_EVERY = 256;
    /** Consumers' slots in an array of last deliveries, a cache line apart. */
    static final int STRIDE = 16;

    private ConsumerDrain() {
    }

    /**
     * @param beside       consumers beside publishers (a live phase): end-to-end latency, schedule steps, a
     *                     backlog's watch; null for a drain after the publish
     * @param destinations a case on many queues: where each delivery on this consumer's queue is recorded; null for
     *                     one queue
     */
    static void run(PhaseContext ctx, int client, Consumer consumer, ReceiveLedger ledger, OrderTracker order,
                    ProgressClock clock, AtomicLongArray lastDelivery, long idleNanos, long settleMillis,
                    ConsumerFault consumerFault, ConsumePhase.Beside beside, DestinationLedger destinations,
                    ErrorLog errors) throws Exception {
        LatencyRecorder endToEnd = beside == null ? null : beside.endToEnd();
        ScheduleSteps steps = beside == null ? null : beside.steps();
        DrainWatch drainWatch = beside == null ? null : beside.drain();
        ProgressClock.Lane lane = clock.lane(client);
        Streams streams = ledger.streams();
        Workload workload = ctx.workload();
        Acknowledger acks = new Acknowledger(consumer, workload.ackMode(), workload.ackBatch(), workload.rollback(),
                ledger, lane);
        SizeMix mix = workload.sizes();
        Processing processing = workload.processing();
        SplittableRandom draws = new SplittableRandom(client);
        int queue = destinations == null ? -1 : workload.destinations().queueOf(client);
        long[] receivedAt = new long[1];
        Delivery sink = (stream, sequence, sendNanos, bytes, redelivered) -> {
            long now = System.nanoTime();
            receivedAt[0] = now;
            ReceiveLedger.Receipt receipt = ledger.record(stream, sequence, redelivered);
            int index = receipt == ReceiveLedger.Receipt.FOREIGN ? -1 : streams.indexOf(stream);
            if (index >= 0) {
                order.record(index, sequence, receipt);
                int sentTo = destinations == null ? -1 : destinations.record(queue, index, sequence, receipt, now);
                if (sentTo >= 0) {
                    errors.add(ctx.phase().name() + " client " + client + ": message " + sequence + " of stream "
                            + Long.toHexString(stream) + " arrived on " + workload.queueOf(client) + "; it was sent"
                            + " to " + workload.destinations().name(workload.queue(), sentTo));
                }
            }
            if (receipt.counted()) {
                acks.first(index, sequence, now, bytes);
                int sentBytes = mix == null ? bytes : mix.sizeOf(stream, sequence);
                if (bytes != sentBytes) {
                    errors.add(ctx.phase().name() + " client " + client + ": message " + sequence + " of stream "
                            + Long.toHexString(stream) + " arrived with a body of " + bytes + " bytes; it was sent"
                            + " with " + sentBytes);
                }
                if (endToEnd != null) {
                    endToEnd.record(client, now - sendNanos, sentBytes);
                }
                if (steps != null) {
                    steps.endToEnd(client, sendNanos, now - sendNanos);
                }
                if (drainWatch != null) {
                    drainWatch.received(client, now, sendNanos);
                }
            }
            lastDelivery.lazySet(client * STRIDE, now);
            if (consumerFault != null) {
                consumerFault.delivered(clock.count(), now);
            }
        };
        boolean sharded = ctx.part().sharded();
        boolean allIn = !sharded && ledger.allExpectedArrived();
        long received = 0;
        while (!Thread.currentThread().isInterrupted()) {
            if (consumer.receive(allIn ? settleMillis : POLL_MILLIS, sink)) {
                if (!processing.none() && !Processing.spend(receivedAt[0], processing.drawNanos(draws))) {
                    break; // interrupted: the phase is being stopped
                }
                if (acks.delivered()) {
                    allIn = false; // what it rolled back is owed again
                }
                if (!sharded && !allIn && ++received % CHECK_EVERY == 0) {
                    allIn = ledger.allExpectedArrived();
                }
                continue;
            }
            if (allIn) {
                break; // everything confirmed is in, and a settle-long wait brought no stray duplicate
            }
            if (sharded) {
                long quiet = clock.count() > 0 ? TimeUnit.MILLISECONDS.toNanos(ConsumePhase.SHARD_QUIET_MILLIS)
                        : idleNanos;
                if (System.nanoTime() - ledger.idleFrom(latest(lastDelivery)) > quiet) {
                    break;
                }
                continue;
            }
            allIn = ledger.allExpectedArrived();
            if (!allIn && !ledger.publishing() && System.nanoTime() - ledger.idleFrom(latest(lastDelivery)) > idleNanos) {
                break;
            }
        }
        acks.finish();
        if (consumerFault != null) {
            consumerFault.awaitEnd(); // a paused consumer is continued before any consumer closes
        }
    }

    static long latest(AtomicLongArray lastDelivery) {
        long latest = Long.MIN_VALUE;
        for (int i = 0; i < lastDelivery.length(); i += STRIDE) {
            latest = Math.max(latest, lastDelivery.get(i));
        }
        return latest;
    }
}
