package dev.brokerbench.app.cli;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.app.report.PublishedComparison;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.DriverFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code bench run}'s options for which cells run: brokers, client paths, cases, their sweeps and scale. */
final class SelectionOptions {
    private static final String DEFAULT = "default";
    private static final String ALL = "all";
    private static final String PUBLISHED = "published";

    @Option(names = "--broker", defaultValue = "all", paramLabel = "IDS",
            description = "Comma-separated broker ids or 'all' (default: ${DEFAULT-VALUE}); see 'bench list'.")
    String brokers;

    @Option(names = "--client", defaultValue = "default", paramLabel = "IDS",
            description = "Client paths: 'default' (each broker's own protocol), 'all' (every compatible path),"
                    + " 'published' (the paths of the 2018 comparison the seed cases reproduce on the brokers it ran,"
                    + " each other broker's own), or comma-separated ids (default: ${DEFAULT-VALUE}).")
    String clients;

    @Option(names = "--case", defaultValue = "all", paramLabel = "IDS", descriptionKey = RunHelp.CASE,
            description = "Comma-separated cases or groups; see 'bench list' (default: ${DEFAULT-VALUE}).")
    String cases;

    @Option(names = "--sweep", paramLabel = "VAR=VALUES",
            description = "Replaces the values of the selected cases' sweeps over VAR (payloadBytes, clients,"
                    + " messages, ratePercent, subscribers, matchingPercent or ackBatch), e.g. --sweep"
                    + " payloadBytes=1,1024,4096 or payloadBytes=32..4096/32; repeatable.")
    List<String> sweeps = new ArrayList<>();

    @Option(names = "--sizes", paramLabel = "MIX",
            description = "Bodies of several sizes in every selected case: sizes in bytes with weights"
                    + " (2048:3,65536:1), a range (2048..65536) or @FILE, a file of lengths (one per line, each a"
                    + " message observed, or SIZE COUNT per line); each message's size is drawn from its stream and"
                    + " sequence, the same in every run. A case that sweeps payloadBytes refuses it.")
    String sizes;

    @Option(names = "--random-bytes-ratio", paramLabel = "R",
            description = "Bodies of which only the first share R (0..1) is random, the rest zero, so each"
                    + " compresses to about R of its size (default 1: random bytes).")
    String randomBytesRatio;

    @Option(names = "--processing", paramLabel = "TIME",
            description = "Consumers spend TIME on each message before they take the next, waiting as for a"
                    + " database (2ms, 1ms..3ms uniform, exp:2ms exponential): slow consumers. Call cases refuse"
                    + " it.")
    String processing;

    @Option(names = "--queues", paramLabel = "N[xK]",
            description = "Spreads every selected case over N queues, each with a consumer of its own (K with NxK),"
                    + " the publishers sending to them in turn; each queue is accounted apart. Topic, fault,"
                    + " selector, call and transacted-publish cases refuse it.")
    String queues;

    @Option(names = "--scale", defaultValue = "0.01", paramLabel = "FACTOR",
            description = "Multiplies every message count; 1 = the published 1,000,000 / 500,000 (default:"
                    + " ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--workloads", paramLabel = "DIR",
            description = "Extra workload YAML files; they replace built-in ones of the same name.")
    Path workloadDir;

    /** The chosen cases and the workloads they run as (sweeps replaced, every cell within the scale's limits). */
    record Cases(List<String> ids, List<Workload> workloads) {
        boolean calls() {
            return workloads.stream().anyMatch(Workload::calls);
        }
    }

    @Option(names = "--omb-workload", paramLabel = "FILE",
            description = "Runs the workload of an OpenMessaging Benchmark workload file (its keys mapped to the"
                    + " suite's: docs/omb.md; a key the suite cannot honour is refused with the reason) instead of"
                    + " --case.")
    Path ombWorkload;

    /** The cases {@code --case} names (or the OMB file's), with {@code --sweep} and {@code --scale} checked. */
    Cases cases(CommandLine cli) {
        WorkloadCatalog workloads = workloadDir == null ? WorkloadCatalog.builtIn()
                : WorkloadCatalog.builtIn().with(workloadDir);
        List<String> ids;
        List<Workload> chosen;
        if (ombWorkload != null) {
            if (cli.getParseResult().hasMatchedOption("--case")) {
                throw new CommandLine.ParameterException(cli, "--omb-workload: runs the file's workload alone;"
                        + " leave out --case");
            }
            Workload omb = dev.brokerbench.app.omb.OmbWorkloadFile.read(ombWorkload);
            ids = List.of(omb.name());
            chosen = List.of(omb);
        } else {
            ids = Selection.parse(cli, "--case", cases, workloads.names(), numbers(workloads), workloads.groups());
            chosen = ids.stream().map(id -> workloads.find(id).orElseThrow()).distinct().toList();
        }
        List<Workload> selected = TrafficOptions.apply(cli, new TrafficOptions.Given(sizes, randomBytesRatio,
                processing, queues), SweepOption.apply(cli, sweeps, chosen));
        ScaleOption.check(cli, scale, selected);
        return new Cases(ids, selected);
    }

    /** The brokers {@code --broker} names; with request/reply cases, 'all' takes in the baselines (the ceiling). */
    List<String> brokerIds(CommandLine cli, Catalog catalog, boolean calls) {
        List<String> targets = new ArrayList<>(catalog.brokerIds());
        targets.addAll(catalog.baselineIds());
        List<String> all = new ArrayList<>(catalog.brokerIds());
        if (calls) {
            all.addAll(catalog.baselineIds());
        }
        return Selection.parse(cli, "--broker", brokers, targets, List.of(),
                Map.of("all", all, "baselines", catalog.baselineIds()));
    }

    /** The client paths {@code --client} names: 'default', 'all', 'published' or ids. */
    List<String> clientIds(CommandLine cli, Catalog catalog) {
        return List.of(DEFAULT, ALL, PUBLISHED).contains(clients) ? List.of(clients)
                : Selection.parse(cli, "--client", clients, catalog.pathIds(), List.of(DEFAULT));
    }

    /** The paths of {@code clientIds} that run on {@code broker}. */
    static List<DriverFactory> paths(Catalog catalog, BrokerRuntime broker, List<String> clientIds) {
        if (clientIds.equals(List.of(PUBLISHED))) {
            List<String> published = PublishedComparison.persistentQueues().paths(broker.broker().id());
            return published.isEmpty() ? catalog.defaultPaths(broker.broker())
                    : published.stream().map(id -> catalog.path(id).orElseThrow()).toList();
        }
        if (clientIds.equals(List.of(DEFAULT))) {
            return catalog.defaultPaths(broker.broker());
        }
        if (clientIds.equals(List.of(ALL))) {
            return catalog.compatiblePaths(broker.broker()).stream()
                    .filter(p -> broker.protocols().contains(p.protocol())).toList();
        }
        return clientIds.stream().map(id -> catalog.path(id).orElseThrow()).toList();
    }

    private static List<String> numbers(WorkloadCatalog workloads) {
        return workloads.names().stream().filter(n -> n.matches("c\\d+")).map(n -> n.substring(1)).toList();
    }
}
