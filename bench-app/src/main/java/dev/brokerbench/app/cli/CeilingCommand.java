package dev.brokerbench.app.cli;

import dev.brokerbench.core.loopback.CallbackThreadLoopbackDriver;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.run.CellContext;
import dev.brokerbench.core.run.ProgressListener;
import dev.brokerbench.core.run.ScenarioRunner;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench ceiling}: the harness's own limit. The same runner, stamping, accounting, HdrHistogram latency and
 * window clocks as a broker run, through an in-JVM queue instead of a broker.
 */
@Command(name = "ceiling", mixinStandardHelpOptions = true,
        description = "Measure the harness's own ceiling: msg/s through an in-JVM queue with accounting and"
                + " histograms on (the harness must be far faster than any broker).")
public final class CeilingCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--messages", defaultValue = "4000000", description = "Messages per phase (default: ${DEFAULT-VALUE}).")
    long messages;

    @Option(names = "--clients", defaultValue = "4", description = "Clients (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--rounds", defaultValue = "3", description = "Repetitions; the first warms the JIT (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Override
    public Integer call() throws Exception {
        OptionRange.check(spec.commandLine(), "--clients", clients, 1, Workload.MAX_CLIENTS);
        OptionRange.check(spec.commandLine(), "--messages", messages, clients, Integer.MAX_VALUE);
        OptionRange.check(spec.commandLine(), "--rounds", rounds, 1, 100);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "harness ceiling: %,d messages, %d clients, %d cores%n", messages, clients,
                Runtime.getRuntime().availableProcessors());
        for (int round = 1; round <= rounds; round++) {
            for (Path path : Path.values()) {
                PublishMode mode = path.mode;
                Workload w = Workload.of("ceiling", List.of(new Phase("publish", Action.PUBLISH, mode, true),
                        new Phase("consume", Action.CONSUME, null, false))).withClients(clients)
                        .withMessages(messages, 0).withIdleTimeout(2);
                ScenarioRunner.Outcome o = new ScenarioRunner(ProgressListener.NONE)
                        .run(w, CellContext.of(path.driver(), "ceiling"));
                PhaseResult publish = o.measured().phases().get(0);
                PhaseResult consume = o.measured().phases().get(1);
                out.printf(Locale.ROOT, "round %d  %-24s publish %,12.0f msg/s   consume %,12.0f msg/s   exact=%s%s%n",
                        round, path.label, publish.rate().overall(),
                        consume.rate().overall(), o.measured().accounting().exact(),
                        round == 1 ? "  (JIT warm-up)" : "");
                out.flush();
            }
        }
        return 0;
    }

    /** The publish paths measured: sync, async confirmed inline, async confirmed on a thread per client. */
    private enum Path {
        SYNC(PublishMode.SYNC, "sync"),
        ASYNC_INLINE(PublishMode.ASYNC, "async (inline confirms)"),
        ASYNC_CALLBACK_THREADS(PublishMode.ASYNC, "async (callback threads)");

        final PublishMode mode;
        final String label;

        Path(PublishMode mode, String label) {
            this.mode = mode;
            this.label = label;
        }

        LoopbackDriver driver() {
            return this == ASYNC_CALLBACK_THREADS ? new CallbackThreadLoopbackDriver(new LoopbackBroker())
                    : new LoopbackDriver(new LoopbackBroker(), false);
        }
    }
}
