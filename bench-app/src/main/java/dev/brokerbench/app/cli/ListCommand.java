package dev.brokerbench.app.cli;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.app.report.CapabilityMatrix;
import dev.brokerbench.app.report.TextTable;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.model.CallCase;
import dev.brokerbench.app.report.SummaryTables;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.Processing;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.DriverFactory;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code bench list}: brokers, client paths, the capability matrix and the cases. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List brokers (and whether they can run here), client paths, the capability matrix and cases.")
public final class ListCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--markdown", description = "Print Markdown tables (the README's capability matrix is this).")
    boolean markdown;

    @Mixin
    BrokerOptions brokerOptions;

    @Mixin
    ProviderOptions providerOptions;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Catalog catalog = providerOptions.apply(spec.commandLine(), Catalog.load());
        if (!providerOptions.given() && providerOptions.credentials(spec.commandLine()).user().isPresent()) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--user: bench list connects only"
                    + " to a provider given with --jndi FILE, to probe it");
        }
        BrokerEnvironment env = new BrokerEnvironment(brokerOptions.distributionDir(), Path.of("."),
                Duration.ofSeconds(brokerOptions.startTimeoutSeconds), brokerOptions.heap);

        section(out, "Brokers", brokers(catalog, env));
        section(out, "Client paths", paths(catalog));
        if (markdown) {
            out.println("### Capability matrix\n");
            out.println(CapabilityMatrix.markdown(catalog));
        } else {
            section(out, "Capability matrix", CapabilityMatrix.table(catalog));
            CapabilityMatrix.reasons(catalog).forEach(r -> out.println("  * " + r));
            out.println();
        }
        section(out, "Cases", cases(WorkloadCatalog.builtIn()));
        out.flush();
        return 0;
    }

    private void section(PrintWriter out, String title, TextTable table) {
        out.println(markdown ? "### " + title + "\n" : title + ":");
        out.print(markdown ? table.markdown() : table.console());
        out.println();
    }

    private static TextTable brokers(Catalog catalog, BrokerEnvironment env) {
        TextTable t = new TextTable(List.of("broker", "name", "runtime", "protocols", "default client paths",
                "available here"));
        List<BrokerDescriptor> all = new java.util.ArrayList<>(catalog.brokers());
        all.addAll(catalog.baselines());
        for (BrokerDescriptor b : all) {
            List<RuntimeKind> kinds = catalog.kinds(b.id());
            // here means: as the default runtime (auto) would start it, the local process where there is one
            BrokerRuntime here = catalog.runtime(b.id(), RuntimeKind.LOCAL)
                    .orElseGet(() -> catalog.runtime(b.id(), kinds.get(0)).orElseThrow());
            t.add(List.of(b.id(), b.displayName(), kinds.stream().map(RuntimeKind::id).collect(Collectors.joining(","))
                            + (b.role() == BrokerDescriptor.Role.BASELINE ? " (baseline)" : ""),
                    b.protocols().stream().sorted().map(Protocol::name).collect(Collectors.joining(",")),
                    catalog.defaultPaths(b).stream().map(DriverFactory::id).collect(Collectors.joining(",")),
                    here.unavailableReason(env).map(r -> here.kind() + ": no: " + r).orElse("yes")));
        }
        return t;
    }

    private static TextTable paths(Catalog catalog) {
        TextTable t = new TextTable(List.of("client path", "protocol", "description"));
        for (DriverFactory p : catalog.paths()) {
            t.add(List.of(p.id(), p.protocol().name(), p.description()));
        }
        return t;
    }

    /** What its shape adds to its phases: a fault, or the servers and calls in flight. */
    private static String shape(Workload w) {
        if (w.shape() instanceof CallCase calls) {
            return "; " + calls.rpc().servers() + " servers, " + calls.rpc().window() + " in flight"
                    + (calls.rpc().retry() == null ? "" : ", " + calls.rpc().retry().label())
                    + (calls.serverProcesses() == 0 ? "" : "; servers in " + calls.serverProcesses() + " processes")
                    + (calls.fault() instanceof Fault.KillServer ? ", kill -9 one at " + Math.round(calls.fault().at()
                    * 100) + " % of the calls" : calls.fault() != null ? "; kill -9 the broker at " + Math.round(
                    calls.fault().at() * 100) + " % of the calls, restart, clients reconnect" : "");
        }
        if (w.shape() instanceof LiveCase live && (live.schedule() != null || live.backlog() != null)) {
            return (live.schedule() == null ? "" : "; schedule " + live.schedule().label())
                    + (live.backlog() == null ? "" : String.format(Locale.ROOT, "; consumers start at a backlog of"
                    + " %,d messages", live.backlog().messages()));
        }
        Fault fault = QueueCase.faultOf(w);
        if (fault == null) {
            return "";
        }
        long percent = Math.round(fault.at() * 100);
        if (fault.held().isPresent()) {
            return "; " + SummaryTables.heldFault(fault) + " at " + percent + " % of the "
                    + (fault.duringPublish() ? "publish" : "drain") + ", then it ends; reconcile";
        }
        return switch (fault.target()) {
            case BROKER -> "; kill -9 the broker at " + percent + " % of the publish, restart, reconcile";
            case LEADER -> "; kill -9 the leading node of a cluster at " + percent + " % of the publish, clients fail"
                    + " over, the node rejoins, reconcile";
            case CONSUMER -> "; consumers in their own processes, kill -9 one at " + percent + " % of the drain,"
                    + " reconcile";
            case SERVER -> throw new IllegalStateException("a server kill is a call case's");
            case LINK, DISK -> throw new IllegalStateException("a link or disk fault holds for a stated time");
        };
    }

    private static String destinations(Workload w) {
        return w.destinations() == null ? "" : "; " + w.destinations().label() + ", the publishers spread over them";
    }

    private static String processing(Workload w) {
        Processing p = w.processing();
        return p.none() ? "" : String.format(Locale.ROOT, "; consumers spend %s on each message (at most %,.0f msg/s"
                + " in all)", p.text(), p.ceiling(w.consumers()));
    }

    private static String rollback(Workload w) {
        return w.rollback() == null ? "" : "; transactions of " + w.ackBatch() + ", every " + w.rollback().every()
                + "th rolled back";
    }

    private static TextTable cases(WorkloadCatalog workloads) {
        TextTable t = new TextTable(List.of("case", "group", "what", "messages at scale 1", "payload bytes",
                "clients", "phases"));
        for (Workload w : workloads.all()) {
            t.add(List.of(w.name(), w.group(), w.title(), String.format(Locale.ROOT, "%,d", w.messages()),
                    w.bodyLabel(), String.valueOf(w.clients()),
                    w.phases().stream().map(ListCommand::phase).collect(Collectors.joining(" -> "))
                            + shape(w) + destinations(w) + processing(w) + rollback(w) + sweep(w)));
        }
        return t;
    }

    private static String sweep(Workload w) {
        if (w.sweep() == null) {
            return "";
        }
        List<Long> v = w.sweep().values();
        return "; sweep " + w.sweep().variable().key() + " over " + v.size() + " values " + v.get(0) + ".."
                + v.get(v.size() - 1);
    }

    private static String phase(Phase p) {
        return p.label() + (p.reported() ? " [reported]" : "");
    }
}
