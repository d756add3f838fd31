package dev.brokerbench.app.console;

import dev.brokerbench.core.broker.CredentialMask;
import dev.brokerbench.app.report.RunSummary;
import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.SearchEnd;
import dev.brokerbench.core.result.SearchStep;
import dev.brokerbench.core.run.ProgressListener;
import dev.brokerbench.core.run.RunListener;
import java.io.PrintStream;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/** Tells the user what happens as it happens, writes each result as it completes, and collects the summary. */
public final class ConsoleListener implements RunListener {
    private final PrintStream out;
    private final ResultStore store;
    private final RunSummary summary;
    private final ProgressListener progress;

    public ConsoleListener(PrintStream out, ResultStore store, RunSummary summary, boolean progressBars) {
        this.out = out;
        this.store = store;
        this.summary = summary;
        this.progress = progressBars ? new ProgressDisplay() : ProgressListener.NONE;
    }

    @Override
    public void brokerStarting(BrokerRuntime broker) {
        out.println("» starting " + broker.broker().displayName() + " (" + broker.kind() + ")");
    }

    @Override
    public void brokerReady(BrokerInfo info, OptionalLong pid) {
        summary.add(info);
        out.println("  " + info.displayName() + " " + info.version() + " ready in " + info.startToReadyMillis()
                + " ms" + (pid.isPresent() ? " (pid " + pid.getAsLong() + ")" : ""));
    }

    @Override
    public void brokerSkipped(BrokerRuntime broker, String reason) {
        summary.add(new RunSummary.Missing(broker.broker().id(), "*", "*", "skipped", reason));
        out.println("» SKIPPED " + broker.broker().displayName() + ": " + CredentialMask.mask(reason));
    }

    @Override
    public void brokerFailed(BrokerRuntime broker, Exception error) {
        summary.add(new RunSummary.Missing(broker.broker().id(), "*", "*", "failed",
                CredentialMask.mask(String.valueOf(error.getMessage()).lines().findFirst().orElse(""))));
        out.println("» FAILED to start " + broker.broker().displayName() + ": "
                + CredentialMask.mask(error.getMessage()));
    }

    @Override
    public void brokerRestarted(String brokerId, String why, long restartMillis) {
        out.println("» RESTARTED " + brokerId + " " + CredentialMask.mask(why) + " -> killed and started again on its"
                + " data in " + restartMillis + " ms; its later cells say so");
    }

    @Override
    public void unsupported(String brokerId, String clientPath, Workload workload, String reason) {
        summary.add(new RunSummary.Missing(brokerId, clientPath, workload.name(), "unsupported", reason));
        out.println("  " + workload.name() + " on " + brokerId + "/" + clientPath + ": unsupported: " + reason);
    }

    @Override
    public void cellFailed(String brokerId, String clientPath, Workload workload, String error) {
        summary.add(new RunSummary.Missing(brokerId, clientPath, workload.name(), "failed", error));
        out.println("  " + workload.name() + " on " + brokerId + "/" + clientPath + ": FAILED: " + CredentialMask.mask(error));
    }

    @Override
    public void shardCell(dev.brokerbench.core.result.ShardCell cell) {
        dev.brokerbench.core.result.ShardCell.Phase reported = cell.phases().stream()
                .filter(p -> p.reported() && p.pass().equals(dev.brokerbench.core.result.ShardCell.MEASURED)).findFirst().orElse(null);
        out.println("  " + cell.workload() + " on " + cell.broker() + "/" + cell.path() + ": " + cell.shard().describe()
                + (reported == null ? "" : reported.action() == dev.brokerbench.core.model.Action.PUBLISH
                ? String.format(java.util.Locale.ROOT, ", its publishers %,d of %,d", reported.completed(),
                reported.expected())
                : String.format(java.util.Locale.ROOT, ", its consumers %,d", reported.completed()))
                + " (bench merge gives the cell's figures)");
    }

    @Override
    public void phaseStarted(String label, long total, LongSupplier done) {
        progress.phaseStarted(label, total, done);
    }

    @Override
    public void phaseEnded() {
        progress.phaseEnded();
    }

    @Override
    public void searchStep(String label, SearchStep step) {
        out.println(String.format(Locale.ROOT, "  %s search: %,9.0f msg/s offered, %,9.0f received, send delay p99"
                        + " %,.0f µs, confirm p99 %s, end-to-end p99 %,.0f µs, last arrival %+,.0f ms: %s%s", label,
                step.offeredRate(), step.receivedRate(), step.sendDelayP99Micros(),
                step.confirmP99Micros() == null ? "-" : String.format(Locale.ROOT, "%,.0f µs", step.confirmP99Micros()),
                step.endToEndP99Micros(), step.lagSeconds() * 1000, step.verdict().description(),
                step.detail() == null ? "" : " (" + step.detail() + ")"));
    }

    /**
     * A warm-up round's run: one line, not stored; a status other than ok shows with its numbers (sent, confirmed,
     * lost and where), as in a measured round: the harness never hides one.
     */
    @Override
    public void warmupRound(RunResult result) {
        PhaseResult p = result.reportedPhase();
        out.println(String.format(Locale.ROOT, "  %-3s %-36s %-22s %,10.0f msg/s  (warm-up round, set aside)%s",
                result.workload().name(), result.workload().title(), result.client().clientPath(),
                p == null ? Double.NaN : p.rate().overall(),
                result.status().ok() ? "" : "  <<< " + result.status() + ": " + account(result)));
    }

    /** The cell's account in one line: its calls', its messages', or that it has none. */
    private static String account(RunResult result) {
        return result.rpc() != null ? result.rpc().summary()
                : result.accounting() == null ? "no accounting" : result.accounting().summary();
    }

    /** What a kill under request/reply did, in one line. */
    private static String callFault(dev.brokerbench.core.result.FaultOutcome f) {
        if (f.countAtKill().isEmpty()) {
            return "killed nothing: the calls ended before the kill";
        }
        String when = " after " + dev.brokerbench.app.report.SummaryTables.count(f.countAtKill()) + " answers;"
                + " longest silence after it " + dev.brokerbench.app.report.SummaryTables.count(f.silenceMillis())
                + " ms, ";
        if (f.killed() == dev.brokerbench.core.model.Fault.Target.BROKER) {
            return "killed the broker" + when + "restarted in " + dev.brokerbench.app.report.SummaryTables.count(
                    f.restartMillis()) + " ms, first answer " + dev.brokerbench.app.report.SummaryTables.count(
                    f.recoveryMillis()) + " ms after it was ready" + (f.brokerRecovery() == null ? ""
                    : " (its log: " + f.brokerRecovery() + ")");
        }
        return "killed " + f.node() + when + "first answer to a retried call " + dev.brokerbench.app.report
                .SummaryTables.count(f.recoveryMillis()) + " ms after it";
    }

    @Override
    public void result(RunResult result) {
        summary.add(result);
        store.write(result);
        PhaseResult p = result.reportedPhase();
        out.println(String.format(Locale.ROOT, "  %-3s %-36s %-22s %,10.0f %s  (%s)  %s%s",
                dev.brokerbench.app.report.SummaryTables.caseLabel(result), result.workload().title(),
                result.client().clientPath(), p.rate().overall(),
                p.action() == dev.brokerbench.core.model.Action.RPC ? "calls/s" : "msg/s", p.rate().windowRange(),
                account(result),
                result.status().ok() ? "" : "  <<< " + result.status() + result.faultMissed().map(why -> " (" + why
                        + ")").orElse("")));
        if (result.rateSearch() != null && result.rateSearch().found()) {
            var search = result.rateSearch();
            out.println(String.format(Locale.ROOT, "      offered %,.0f msg/s = %d %% of %,.0f msg/s, the highest this"
                            + " path sustained%s", result.workload().offeredRate(), result.workload().point().value(),
                    search.highest(), search.end() == null || search.end() == SearchEnd.CONVERGED ? ""
                            : " (search: " + search.end().description() + ")"));
        }
        if (p.endToEnd() != null) {
            out.println(String.format(Locale.ROOT, "      end-to-end p50 %,.0f µs, p99 %,.0f µs, max %,.0f µs",
                    p.endToEnd().p50Micros(), p.endToEnd().p99Micros(), p.endToEnd().maxMicros()));
        }
        if (p.bySize() != null) {
            out.println("      " + p.bySize().metric().fileName() + " by size: " + p.bySize().classes().stream()
                    .map(c -> String.format(Locale.ROOT, "%s p50 %,.0f µs p99 %,.0f µs (%,d)", c.label(),
                            c.latency().p50Micros(), c.latency().p99Micros(), c.latency().count()))
                    .collect(java.util.stream.Collectors.joining("; ")));
        }
        if (p.destinations() != null) {
            var d = p.destinations();
            out.println(String.format(Locale.ROOT, "      %s: per queue received %,.0f / %,.0f / %,.0f (min / median /"
                            + " max), last receipt %.2f / %.2f / %.2f s, %d with loss, %d with duplicates, %,d misrouted",
                    result.workload().destinations().label(), d.received().min(), d.received().median(),
                    d.received().max(), d.lastReceipt().min(), d.lastReceipt().median(), d.lastReceipt().max(),
                    d.queuesWithLoss(), d.queuesWithDuplicates(), d.misrouted()));
        }
        if (result.caveats() != null) {
            result.caveats().forEach(c -> out.println("      " + c));
        }
        if (result.rpc() != null) {
            out.println("      CPU µs/call client / server / broker: "
                    + dev.brokerbench.app.report.CallTables.cpuPerCall(p));
            if (result.fault() != null) {
                out.println("      " + callFault(result.fault()));
            }
        }
        String held = dev.brokerbench.app.report.SummaryTables.held(result);
        if (held != null) {
            out.println("      " + held);
        }
        String lateKill = dev.brokerbench.app.report.SummaryTables.lateKill(result);
        if (lateKill != null) {
            out.println("      " + lateKill);
        }
        if (result.remaining() != null) {
            out.println("      after the pass the broker lists " + result.remaining().messages() + " messages on the"
                    + " cell's queue (" + result.remaining().source() + "): lost messages still there were held back,"
                    + " not gone");
        }
        if (result.leftover() != null && result.leftover().messages() > 0) {
            out.println("      leftover: the cell's queue held " + result.leftover().messages() + " messages before the"
                    + " measured pass (" + result.leftover().source() + ")");
        }
        if (result.brokerPressure() != null) {
            result.brokerPressure().forEach(c -> out.println("      broker under pressure (its log): " + c));
        }
        if (result.brokerGc() != null) {
            out.println("      broker GC (its log): " + result.brokerGc().describe());
        }
        if (result.brokerStopped() != null) {
            out.println("      broker stopped: it " + CredentialMask.mask(result.brokerStopped()) + "; killed, the cell"
                    + " ended");
        }
        if (p.resources() != null && p.resources().clientSaturated()) {
            out.println("      client-limited: " + p.resources().clientLimit().reason() + " (CPU µs/msg client / broker: "
                    + dev.brokerbench.app.report.SummaryTables.cpuPerMessage(p) + ")");
        }
        for (PhaseResult phase : result.phases()) {
            phase.errors().forEach(e -> out.println("      error: " + CredentialMask.mask(e)));
        }
    }
}
