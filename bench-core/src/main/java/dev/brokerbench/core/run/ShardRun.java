package dev.brokerbench.core.run;

import dev.brokerbench.core.metrics.SendRecord;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.model.Shard;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.ShardCell;
import dev.brokerbench.core.spi.Driver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * This process as one shard of a run: it meets the other shards before every phase ({@link ShardBarrier}), runs its
 * part of the clients on the streams every shard derives alike, and records each phase with its raw sends and
 * receipts for {@code bench merge}.
 */
public final class ShardRun {
    /** How long a shard waits for the others by default. */
    public static final Duration DEFAULT_WAIT = Duration.ofMinutes(5);
    private final Shard shard;
    private final ShardBarrier barrier;
    private String cellLabel = "";
    private List<ShardCell.Phase> phases = new ArrayList<>();
    private final List<ShardCell> cells = new ArrayList<>();

    /** @param wait how long to wait for the other shards at each meeting */
    public ShardRun(Shard shard, Duration wait) {
        this.shard = shard;
        this.barrier = new ShardBarrier(shard, wait);
    }

    public Shard shard() {
        return shard;
    }

    /**
     * Why a case cannot be sharded, or empty: a shard's drain ends when its consumers fall quiet and the merge
     * reconciles only a publish phase against the drain after it, so faults, live and request/reply cases, topics,
     * selectors and transactions run in one process only; and each shard needs a publisher and a consumer.
     */
    public Optional<String> unsupported(Workload workload) {
        String why = null;
        if (workload.calls() || workload.curvePoint()) {
            why = "request/reply, one-way and latency-curve cases";
        } else if (QueueCase.faultOf(workload) != null) {
            why = "fault cases";
        } else if (workload.fanOut()) {
            why = "topic cases";
        } else if (QueueCase.selectionOf(workload) != null) {
            why = "selector cases";
        } else if (workload.phases().stream().anyMatch(p -> p.action() == Action.LIVE)) {
            why = "live cases";
        } else if (workload.ackMode() == dev.brokerbench.core.model.AckMode.TRANSACTED || workload.phases().stream()
                .anyMatch(p -> p.mode() == dev.brokerbench.core.model.PublishMode.TRANSACTED)) {
            why = "transaction cases";
        } else if (workload.destinations() != null) {
            why = "cases on many queues (each queue is accounted from every shard's receipts)";
        }
        if (why != null) {
            return Optional.of(why + " run in one process only, not sharded");
        }
        if (workload.clients() < shard.count() || workload.consumers() < shard.count()) {
            return Optional.of("sharded " + shard.count() + " ways, every shard needs a publisher and a consumer:"
                    + " the case has " + workload.clients() + " and " + workload.consumers());
        }
        return Optional.empty();
    }

    /** The cell at {@code position} in the run's schedule begins: what is recorded from now on is its. */
    void beginCell(String label, int position) {
        cellLabel = label;
        phases = new ArrayList<>();
        barrier.cell(position);
    }

    /** The cell as recorded since {@link #beginCell}, kept among this shard's {@link #cells()}. */
    ShardCell cell(String broker, String path, String workload, int position) {
        ShardCell cell = new ShardCell(shard, broker, path, workload, position, phases);
        cells.add(cell);
        return cell;
    }

    /** Every cell this shard ran to its end, in order. */
    public List<ShardCell> cells() {
        return List.copyOf(cells);
    }

    /** Meets the other shards before the phase {@code before} names. */
    ShardBarrier.Meeting meet(Driver driver, String before) {
        try {
            return barrier.meet(driver, before);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(shard.describe() + ": the meeting before " + before + " failed: "
                    + e.getMessage(), e);
        }
    }

    /** The part of the phase begun at {@code met} this shard runs. */
    ShardPart part(ShardBarrier.Meeting met) {
        return new ShardPart(shard, shard.streamTag(met.round()));
    }

    /**
     * Records a phase.
     *
     * @param passLabel  the pass's label (the cell's label and what pass it is)
     * @param startNanos the phase's common start
     * @param sends      a publish phase's ledger as data, else null
     * @param receipts   a drain's receipts, else null
     */
    void record(String passLabel, Phase phase, ShardBarrier.Meeting met, PhaseResult result, long startNanos,
                SendRecord sends, ConsumePhase.ShardReceipts receipts) {
        String pass = passLabel.startsWith(cellLabel) ? passLabel.substring(cellLabel.length()).trim() : passLabel;
        phases.add(new ShardCell.Phase(pass.isEmpty() ? ShardCell.MEASURED : pass, phase.name(), phase.action(),
                phase.mode(), phase.reported(), met.round(), micros(met.released()), met.waitedMillis(),
                epochMicros(startNanos), result.expected(), result.completed(), result.activeSeconds(),
                result.logs().get(LatencyMetric.CONFIRM), sends, receipts == null ? null : receipts.receipts(),
                receipts == null ? null : receipts.consumers(), result.errors()));
    }

    private static long micros(Instant instant) {
        return instant.getEpochSecond() * 1_000_000 + instant.getNano() / 1000;
    }

    /** {@code nanos} ({@link System#nanoTime()}) on the wall clock, in epoch µs. */
    private static long epochMicros(long nanos) {
        long nowNanos = System.nanoTime();
        return micros(Instant.now()) - (nowNanos - nanos) / 1000;
    }
}
