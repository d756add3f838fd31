package dev.brokerbench.app.cli;

import dev.brokerbench.app.BenchCli;
import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.app.report.TextTable;
import dev.brokerbench.core.io.AtomicFiles;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.LatencySummary;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.shard.MergedCell;
import dev.brokerbench.core.shard.ShardFile;
import dev.brokerbench.core.shard.ShardMerge;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * {@code bench merge SHARD_DIR...}: the cells of a sharded run from every shard's record: accounting by sequence
 * numbers over all shards, latency from their histograms added, rates over the common active period.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = "Join the shards of a run (the result directories of 'bench run --shard I/N'): each cell's"
                + " accounting from every shard's sends and receipts by sequence number, confirmation latency from"
                + " their histograms added, rates over the common active period (earliest start to latest last"
                + " completion). Writes merged.json; exit 1 when a cell lost or duplicated a message or a shard"
                + " reported errors.")
public final class MergeCommand implements Callable<Integer> {
    /** The merged cells' file. */
    public static final String FILE = "merged.json";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "SHARD_DIR", description = "Every shard's result directory.")
    List<Path> shards;

    @Option(names = "--out", paramLabel = "DIR", description = "Where merged.json goes (default: the current"
            + " directory); a new or empty directory.")
    Path out;

    @Override
    public Integer call() throws Exception {
        CommandLine cli = spec.commandLine();
        Path dir = out == null ? Path.of(".") : out;
        if (out != null) {
            OutDirectory.requireEmpty(cli, out, "choose a new directory");
        } else {
            OutDirectory.requireDirectory(cli, dir);
        }
        ShardMerge.Merged merged;
        try {
            List<ShardFile> files = new ArrayList<>();
            for (Path shard : shards) {
                files.add(ShardFile.read(shard));
            }
            merged = ShardMerge.merge(files);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(cli, "SHARD_DIR: " + e.getMessage());
        }
        AtomicFiles.directory(dir);
        AtomicFiles.write(dir.resolve(FILE), Json.mapper().writerWithDefaultPrettyPrinter()
                .writeValueAsString(merged));
        PrintWriter console = cli.getOut();
        console.println("run " + merged.group() + ", " + merged.shards() + " shards -> "
                + dir.resolve(FILE).toAbsolutePath());
        console.print(table(merged).console());
        merged.missing().forEach((cell, why) -> console.println("  " + cell + ": not merged, " + why));
        console.flush();
        boolean clean = merged.missing().isEmpty() && merged.cells().stream().allMatch(c -> c.status().ok());
        return clean ? BenchCli.EXIT_OK : BenchCli.EXIT_PROBLEM;
    }

    static TextTable table(ShardMerge.Merged merged) {
        TextTable t = new TextTable(List.of("cell", "phase", "msg/s (common period)", "per shard msg/s",
                "start spread ms", "confirm p50/p99 µs", "sent", "confirmed", "received", "dup", "lost", "status"));
        for (MergedCell cell : merged.cells()) {
            MergedCell.Phase p = cell.reported();
            Accounting a = cell.accounting();
            LatencySummary l = p.latency();
            t.add(List.of(cell.key(), p.name(), SummaryTables.rate(p.rate()),
                    p.shards().stream().map(s -> SummaryTables.rate(s.rate())).collect(Collectors.joining(" + ")),
                    String.format(Locale.ROOT, "%.1f", p.startSpreadMillis()),
                    l == null ? "-" : String.format(Locale.ROOT, "%,.0f / %,.0f", l.p50Micros(), l.p99Micros()),
                    a == null ? "-" : count(a.sent()), a == null ? "-" : count(a.confirmed()),
                    a == null ? "-" : count(a.received()), a == null ? "-" : count(a.duplicates()),
                    a == null ? "-" : count(a.lost()), cell.status().toString()));
        }
        return t;
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
