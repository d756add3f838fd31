package dev.brokerbench.core.shard;

import dev.brokerbench.core.metrics.ReceiptRecord;
import dev.brokerbench.core.metrics.Reconciler;
import dev.brokerbench.core.metrics.SendRecord;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Shard;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.LatencyLog;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.ShardCell;
import dev.brokerbench.core.result.Status;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Joins the records of every shard of a run, cell by cell, exactly: the accounting from every shard's sends and
 * receipts by sequence number (a message two shards received is a duplicate), latency from the shards' histograms
 * added, rates over the common active period (earliest start to latest last completion, on the hosts' wall clocks).
 */
public final class ShardMerge {
    private ShardMerge() {
    }

    /**
     * The merged cells, and the cells that could not be merged with the reason.
     *
     * @param cells   every cell every shard recorded
     * @param missing a cell some shard has no record of (it failed or was skipped there), by key, with why
     */
    public record Merged(String group, int shards, List<MergedCell> cells, Map<String, String> missing) {
    }

    /**
     * @throws IllegalArgumentException when the files are not every shard of one run, each once
     */
    public static Merged merge(List<ShardFile> files) {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no shard to merge");
        }
        Shard first = files.get(0).shard();
        Map<Integer, ShardFile> byIndex = new TreeMap<>();
        for (ShardFile file : files) {
            Shard s = file.shard();
            if (!s.sharded() || s.count() != first.count() || !s.group().equals(first.group())) {
                throw new IllegalArgumentException("shard " + s + " is not of run " + first.group() + " with "
                        + first.count() + " shards");
            }
            if (byIndex.put(s.index(), file) != null) {
                throw new IllegalArgumentException("shard " + s.index() + "/" + s.count() + " given twice");
            }
        }
        if (byIndex.size() != first.count()) {
            List<Integer> absent = new ArrayList<>();
            for (int i = 0; i < first.count(); i++) {
                if (!byIndex.containsKey(i)) {
                    absent.add(i);
                }
            }
            throw new IllegalArgumentException("run " + first.group() + " has " + first.count() + " shards; missing "
                    + absent);
        }
        Map<String, List<ShardCell>> byKey = new LinkedHashMap<>();
        for (ShardFile file : byIndex.values()) {
            for (ShardCell cell : file.cells()) {
                byKey.computeIfAbsent(cell.key(), k -> new ArrayList<>()).add(cell);
            }
        }
        List<MergedCell> merged = new ArrayList<>();
        Map<String, String> missing = new LinkedHashMap<>();
        for (Map.Entry<String, List<ShardCell>> entry : byKey.entrySet()) {
            if (entry.getValue().size() != first.count()) {
                missing.put(entry.getKey(), "recorded by " + entry.getValue().size() + " of " + first.count()
                        + " shards (it failed or was skipped in the others)");
            } else {
                merged.add(cell(entry.getValue()));
            }
        }
        return new Merged(first.group(), first.count(), merged, missing);
    }

    /** One cell from every shard's record of it (one per shard). */
    static MergedCell cell(List<ShardCell> shards) {
        ShardCell one = shards.get(0);
        int phaseCount = one.phases().size();
        for (ShardCell cell : shards) {
            if (cell.phases().size() != phaseCount) {
                throw new IllegalArgumentException(one.key() + ": shards recorded " + phaseCount + " and "
                        + cell.phases().size() + " phases");
            }
        }
        List<MergedCell.Phase> phases = new ArrayList<>();
        Accounting measured = null;
        Accounting warmup = null;
        SendRecord sends = null;
        for (int p = 0; p < phaseCount; p++) {
            List<ShardCell.Phase> parts = new ArrayList<>();
            for (ShardCell cell : shards) {
                ShardCell.Phase phase = cell.phases().get(p);
                if (phase.round() != one.phases().get(p).round()) {
                    throw new IllegalArgumentException(one.key() + ": phase " + p + " began at round "
                            + one.phases().get(p).round() + " in one shard and " + phase.round() + " in another");
                }
                parts.add(phase);
            }
            phases.add(phase(parts, shards));
            ShardCell.Phase head = parts.get(0);
            boolean publish = head.action() == Action.PUBLISH;
            if (publish && parts.stream().anyMatch(x -> x.sends() == null)
                    || head.action() == Action.CONSUME && sends != null
                    && parts.stream().anyMatch(x -> x.receipts() == null)) {
                throw new IllegalArgumentException(one.key() + ": phase " + p + " (" + head.name() + ") holds no "
                        + (publish ? "sends" : "receipts") + " in a shard's record: incomplete or edited");
            }
            if (publish) {
                sends = parts.stream().map(ShardCell.Phase::sends).reduce(SendRecord::plus).orElseThrow();
            } else if (head.action() == Action.CONSUME && sends != null) {
                Accounting accounting = accounting(sends, parts);
                if (head.pass().equals(ShardCell.MEASURED)) {
                    measured = accounting;
                } else {
                    warmup = accounting;
                }
            }
        }
        List<String> errors = phases.stream().flatMap(p -> p.errors().stream()).toList();
        return new MergedCell(one.key(), one.cellId(), phases, measured, warmup,
                status(measured, errors));
    }

    private static Accounting accounting(SendRecord sends, List<ShardCell.Phase> drains) {
        List<ReceiptRecord> receipts = drains.stream().map(ShardCell.Phase::receipts).toList();
        List<Accounting.ConsumerAccount> consumers = drains.stream().flatMap(d -> d.consumers().stream())
                .sorted(Comparator.comparingInt(Accounting.ConsumerAccount::client)).toList();
        return Reconciler.reconcile(sends, receipts, consumers);
    }

    private static MergedCell.Phase phase(List<ShardCell.Phase> parts, List<ShardCell> shards) {
        ShardCell.Phase head = parts.get(0);
        long start = parts.stream().mapToLong(ShardCell.Phase::startMicros).min().orElseThrow();
        long lastStart = parts.stream().mapToLong(ShardCell.Phase::startMicros).max().orElseThrow();
        long end = parts.stream().filter(p -> p.completed() > 0).mapToLong(ShardCell.Phase::endMicros).max()
                .orElse(start);
        long completed = parts.stream().mapToLong(ShardCell.Phase::completed).sum();
        long expected = parts.stream().mapToLong(ShardCell.Phase::expected).sum();
        double active = Math.max(1, end - start) / 1e6;
        Histogram latency = null;
        List<MergedCell.ShardFigure> figures = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            ShardCell.Phase part = parts.get(i);
            LatencyLog log = part.latency();
            if (log != null) {
                Histogram h = log.total();
                if (latency == null) {
                    latency = h.copy();
                } else {
                    latency.add(h);
                }
            }
            int shard = shards.get(i).shard().index();
            figures.add(new MergedCell.ShardFigure(shard, part.completed(),
                    part.activeSeconds() > 0 ? part.completed() / part.activeSeconds() : 0,
                    (part.startMicros() - start) / 1000.0, part.waitedMillis()));
            part.errors().forEach(e -> errors.add("shard " + shard + ": " + e));
        }
        return new MergedCell.Phase(head.pass(), head.name(), head.action(), head.mode(), head.reported(), expected,
                completed, active, completed / active, latency == null ? null : LatencySummary.of(latency),
                (lastStart - start) / 1000.0, figures, errors);
    }

    /**
     * LOSS, ERROR (a refused send), DUP, ERROR (errors, or no account) or OK, as for a cell run in one process without
     * a fault ({@link dev.brokerbench.core.result.RunResult#status}).
     */
    static Status status(Accounting accounting, List<String> errors) {
        if (accounting == null) {
            return Status.ERROR;
        }
        if (accounting.silentlyLost() > 0) {
            return Status.LOSS;
        }
        if (accounting.failed() > 0) {
            return Status.ERROR;
        }
        if (accounting.duplicates() > 0) {
            return Status.DUP;
        }
        return errors.isEmpty() ? Status.OK : Status.ERROR;
    }
}
