package dev.brokerbench.app.report;

import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RateSummary;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Sizing;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.ToLongFunction;

/**
 * The tables of a run, shaped like the published comparison: per broker x client path x case, the min / mean / max
 * msg/s over rate windows (>= 1000 completions and >= the minimum duration) of the reported phase, the overall rate, confirm latency, and the accounting.
 */
public final class SummaryTables {
    private SummaryTables() {
    }

    /** Cells of queue workloads filled then drained: not calls ({@link CallTables}), not live ({@link LiveTables}). */
    static List<RunResult> queueCells(List<RunResult> all) {
        return CallTables.queues(all).stream().filter(r -> !r.workload().live()).toList();
    }

    /** Queue workloads filled then drained only; the others have tables of their own. */
    public static TextTable results(List<RunResult> all) {
        List<RunResult> results = queueCells(all);
        TextTable t = new TextTable(List.of("broker", "client path", "case", "what", "min msg/s", "mean msg/s",
                "max msg/s", "overall msg/s", "confirm p50/p99 µs", "CPU µs/msg client / broker", "steal", "sent",
                "confirmed", "received", "dup", "reord", "lost", "status"));
        for (RunResult r : results) {
            PhaseResult p = r.reportedPhase();
            Accounting a = r.accounting();
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), caseLabel(r), r.workload().title(),
                    p.rate().showsSteadiness() ? rate(p.rate().windowMin()) : "too short", steadyRate(p,
                            p.rate().windowMean()), steadyRate(p, p.rate().windowMax()), rate(p.rate().overall()),
                    p.latency() == null ? "-" : micros(p.latency().p50Micros()) + " / " + micros(p.latency().p99Micros()),
                    cpuPerMessage(p), steal(r), counted(a, Accounting::sent), counted(a, Accounting::confirmed),
                    counted(a, Accounting::received), counted(a, Accounting::duplicates),
                    counted(a, Accounting::reordered), lost(r), r.status().toString()));
        }
        return t;
    }

    /**
     * Fault cases: what the broker kept of what it confirmed and how long it took to come back (broker killed:
     * restart = restart to ready; when the clients reconnect by themselves, recovery = from ready to their first
     * confirmed send; a cluster's leading node killed: recovery = from the kill to the first confirmation after the
     * silence it caused, restart = the killed node's return to its cluster after the publish; broker or leader paused:
     * silence = the longest gap in the confirmations after SIGSTOP, recovery = from SIGCONT to the confirmation that
     * ended it), or what the surviving consumers got and how much was redelivered (a consumer process killed:
     * recovery = from the kill until the last message arrived).
     */
    public static TextTable durability(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "fault", "during", "struck after",
                "sent", "confirmed", "received", "broker's count", "lost confirmed", "lost unconfirmed",
                "unconfirmed present", "dup", "redelivered", "silence ms", "restart ms", "recovery ms", "status"));
        for (RunResult r : results) {
            if (r.fault() == null || r.accounting() == null) { // calls under a fault: CallTables.underFaults
                continue;
            }
            Accounting a = r.accounting();
            PhaseResult p = r.reportedPhase();
            boolean broker = r.fault().killed() != Fault.Target.CONSUMER;
            boolean leader = r.fault().killed() == Fault.Target.LEADER;
            String during = broker ? (r.workload().live() ? "live, " : "") + (p.mode() == null ? "publish"
                    : p.mode().name().toLowerCase(Locale.ROOT) + " publish")
                    + (leader ? ", clients fail over" : Fault.reconnects(QueueCase.faultOf(r.workload()))
                    ? ", clients reconnect" : "")
                    : "drain, " + r.workload().ackMode().name().toLowerCase(Locale.ROOT) + " ack";
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), caseLabel(r), fault(r), during,
                    count(r.fault().countAtKill()) + (broker ? " confirmed" : " received")
                            + (r.fault().cameAfterPublish(a) ? " (all: none in flight)" : ""), count(a.sent()),
                    count(a.confirmed()), count(a.received()), brokerCount(r.fault()), lostConfirmed(a),
                    count(a.lost() - a.lostConfirmed()), count(a.unconfirmedPresent()), count(a.duplicates()),
                    count(a.redelivered()), count(r.fault().silenceMillis()), count(r.fault().restartMillis()),
                    count(r.fault().recoveryMillis()), r.status().toString()));
        }
        return t;
    }

    /** What a queue case's fault did to what, e.g. "kill -9 broker" or "SIGSTOP broker 10 s". */
    private static String fault(RunResult r) {
        Fault fault = QueueCase.faultOf(r.workload());
        if (fault != null && fault.held().isPresent()) {
            return heldFault(fault) + (r.fault().node() == null ? "" : ", " + r.fault().node());
        }
        return "kill -9 " + switch (r.fault().killed()) {
            case BROKER -> "broker";
            case LEADER -> "leader, " + r.fault().node();
            case CONSUMER -> "1 of " + r.workload().clients() + " consumers";
            case SERVER, LINK, DISK -> throw new IllegalStateException("a server kill has no queue accounting, a"
                    + " link or disk fault holds");
        };
    }

    /** A fault that holds for a stated time, e.g. "SIGSTOP broker 10 s", "partition 10 s", "5 % loss 10 s". */
    public static String heldFault(Fault fault) {
        String held = seconds(fault.held().orElseThrow());
        if (fault instanceof Fault.LossyLink lossy) {
            return java.math.BigDecimal.valueOf(lossy.lossPercent()).stripTrailingZeros().toPlainString()
                    + " % loss " + held;
        }
        if (fault instanceof Fault.SlowLink slow) {
            return "delay " + delay(slow) + " " + held;
        }
        if (fault instanceof Fault.FillDisk disk) {
            return disk.leftBytes() == 0 ? "disk full " + held : "disk near full (" + (disk.leftBytes() >> 20)
                    + " MB left) " + held;
        }
        return switch (fault.form()) {
            case CUT_LINK -> "partition ";
            case CUT_LEADER -> "partition leader ";
            case PAUSE_LEADER -> "SIGSTOP leader ";
            case PAUSE_CONSUMER -> "SIGSTOP consumer ";
            default -> "SIGSTOP broker ";
        } + held;
    }

    /** A slow link's delay each way, e.g. "20 ms" or "20 + 0-10 ms". */
    private static String delay(Fault.SlowLink slow) {
        String ms = millis(slow.delay());
        return slow.jitter().isZero() ? ms + " ms" : ms + " + 0-" + millis(slow.jitter()) + " ms";
    }

    private static String millis(java.time.Duration d) {
        return java.math.BigDecimal.valueOf(d.toNanos(), 6).stripTrailingZeros().toPlainString();
    }

    /** A stated time, e.g. "10 s" or "2.5 s". */
    public static String seconds(java.time.Duration d) {
        return java.math.BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString() + " s";
    }

    /**
     * Cells whose transacted clients rolled back on purpose: what the rollbacks gave back, against what came back
     * flagged and what arrived twice or never.
     */
    public static TextTable rollbacks(List<RunResult> results) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "sent", "rolled-back sends", "received",
                "rolled-back receipts", "redelivered", "dup", "lost", "status"));
        for (RunResult r : results) {
            Accounting a = r.accounting();
            if (a == null || !a.rollbacks().any()) {
                continue;
            }
            t.add(List.of(r.broker().brokerId(), r.client().clientPath(), caseLabel(r), count(a.sent()),
                    count(a.rollbacks().sends()), count(a.received()), count(a.rollbacks().receipts()),
                    count(a.redelivered()), count(a.duplicates()), count(a.lost()), r.status().toString()));
        }
        return t;
    }

    /**
     * What to say of a fault cell whose kill (or held fault) came after its publish
     * ({@code FaultOutcome.cameAfterPublish}); null for every other cell.
     */
    public static String lateKill(RunResult r) {
        if (r.fault() == null || !r.fault().cameAfterPublish(r.accounting())) {
            return null;
        }
        Fault stated = QueueCase.faultOf(r.workload());
        String fault = stated != null && stated.held().isPresent() ? "fault" : "kill";
        return "the " + fault + " came after all " + count(r.accounting().sent()) + " messages sent were confirmed:"
                + " none was in flight, so the cell shows only that confirmed messages survive it (more messages per"
                + " client, a larger --scale, put the " + fault + " mid-publish)";
    }

    /** What a fault that held for a stated time did, in one line; null for every other cell. */
    public static String held(RunResult r) {
        Fault fault = QueueCase.faultOf(r.workload());
        if (r.fault() == null || fault == null || fault.held().isEmpty()) {
            return null;
        }
        var f = r.fault();
        if (f.heldMillis().isEmpty()) {
            return f.countAtKill().isEmpty() ? "no fault: the publish ended before it"
                    : "the fault failed (the phase's errors say why)";
        }
        String stated = seconds(fault.held().get());
        String after = " after " + count(f.countAtKill()) + " confirmations";
        String silence = "; longest silence after it " + count(f.silenceMillis()) + " ms";
        String end = ", ended " + count(f.recoveryMillis()) + " ms after ";
        if (fault instanceof Fault.LossyLink lossy) {
            return String.format(Locale.ROOT, "dropped %s %% of the packets to and from the broker for %s (%s ms)%s:"
                    + " %,.0f msg/s confirmed during it, %,.0f before%s", java.math.BigDecimal.valueOf(
                    lossy.lossPercent()).stripTrailingZeros().toPlainString(), stated, count(f.heldMillis()), after,
                    f.rateDuring(), f.rateBefore(), silence);
        }
        if (fault instanceof Fault.SlowLink slow) {
            return String.format(Locale.ROOT, "slowed the link to the broker (every byte held %s each way, for %s:"
                    + " %s ms)%s: %,.0f msg/s confirmed during it, %,.0f before%s", delay(slow), stated,
                    count(f.heldMillis()), after, f.rateDuring(), f.rateBefore(), silence);
        }
        if (fault instanceof Fault.FillDisk disk) {
            return "filled the broker's disk (its " + (Fault.FillDisk.FILESYSTEM_BYTES >> 20) + " MB filesystem, "
                    + (disk.leftBytes() == 0 ? "every free byte" : "all but " + (disk.leftBytes() >> 20) + " MB")
                    + " taken; freed " + stated + " later: " + count(f.heldMillis()) + " ms)" + after + silence
                    + end + "the space returned" + (f.restartMillis().isPresent() ? "; the broker started again on its data"
                    + " before the drain (" + count(f.restartMillis()) + " ms)" : "");
        }
        if (fault.form() == Fault.Form.CUT_LEADER) {
            return "cut the leader, " + f.node() + ", off from the other nodes (every packet between them dropped both"
                    + " ways, client links whole; healed " + stated + " later: " + count(f.heldMillis()) + " ms)"
                    + after + silence + end + "the heal";
        }
        if (fault.form() == Fault.Form.CUT_LINK) {
            return "cut the link to the broker (every packet dropped both ways, healed " + stated + " later: "
                    + count(f.heldMillis()) + " ms)" + after + silence + end + "the heal";
        }
        if (fault.form() == Fault.Form.PAUSE_CONSUMER) {
            return "paused " + f.node() + " (SIGSTOP, SIGCONT " + stated + " later: " + count(f.heldMillis())
                    + " ms) after " + count(f.countAtKill()) + " receipts; longest silence in the deliveries after it "
                    + count(f.silenceMillis()) + " ms; the last message arrived " + count(f.recoveryMillis())
                    + " ms after SIGCONT";
        }
        String paused = fault.form() == Fault.Form.PAUSE_LEADER ? "the leader, " + f.node() : "the broker";
        // a container is paused by its engine (the cgroup freezer), or by SIGSTOP from the host where it refused
        boolean frozen = r.broker().frozenByEngine();
        return "paused " + paused + (frozen ? " (frozen, thawed " : " (SIGSTOP, SIGCONT ") + stated + " later: "
                + count(f.heldMillis()) + " ms)" + after + silence + end + (frozen ? "the thaw" : "SIGCONT");
    }

    /** The case, with {@code #k} for the k-th repeat when cells ran more than once. */
    public static String caseLabel(RunResult r) {
        var repeat = r.repeatOrSingle();
        return r.workload().name() + (repeat.of() > 1 ? " #" + repeat.index() : "");
    }

    /**
     * How many confirmed messages were lost and, when some were, which (client: sequence numbers); those a drain
     * could not ask for are held, not lost, and said so.
     */
    private static String lostConfirmed(Accounting a) {
        if (a.held() != null && a.held().confirmed() > 0) {
            return "none known: " + count(a.held().confirmed()) + " held by a broker that did not answer the drain ("
                    + a.held().where() + ")";
        }
        return a.lostConfirmed() == 0 ? "0" : count(a.lostConfirmed()) + " (" + a.lostConfirmedWhere() + ")";
    }

    /**
     * The second witness: the broker's own count of the queue after its restart (broker kill: what it kept, to set
     * beside what the drain received), after the publish a held fault struck, or after the drain (consumer kill: what
     * it still holds, 0 when all arrived).
     */
    private static String brokerCount(dev.brokerbench.core.result.FaultOutcome fault) {
        String said = fault.brokerRecovery() == null ? "" : " (its log: " + fault.brokerRecovery() + ")";
        if (fault.brokerCount() == null) {
            return "n/a" + said;
        }
        String when = switch (fault.killed()) {
            case BROKER -> fault.heldMillis().isPresent() ? " after the pause" : " after restart";
            case LINK, DISK -> " after the publish";
            case LEADER -> " after the failover";
            case CONSUMER -> " left after drain";
            case SERVER -> " (no queue)";
        };
        return count(fault.brokerCount().messages()) + when + said;
    }

    public static TextTable brokers(List<BrokerInfo> brokers) {
        TextTable t = new TextTable(List.of("broker", "version", "runtime", "start-to-ready ms", "persistence"));
        for (BrokerInfo b : brokers) {
            t.add(List.of(b.displayName(), b.version(), runtime(b), String.valueOf(b.startToReadyMillis()),
                    b.settings().getOrDefault("persistence", "not recorded")));
        }
        return t;
    }

    /** "local", or "container" with the image and the start of its id. */
    public static String runtime(BrokerInfo b) {
        if (b.image() == null) {
            return b.runtime().id();
        }
        String id = b.imageId() == null ? "" : b.imageId().replace("sha256:", "");
        return b.runtime().id() + " " + b.image() + (id.isEmpty() ? "" : " (" + id.substring(0, Math.min(12, id.length()))
                + ")");
    }

    public static TextTable missing(List<RunSummary.Missing> missing) {
        TextTable t = new TextTable(List.of("broker", "client path", "case", "", "why"));
        for (RunSummary.Missing m : missing) {
            t.add(List.of(m.broker(), m.clientPath(), m.workload(), m.kind(), m.reason()));
        }
        return t;
    }

    /** msg/s with thousands separators; "-" for a figure that does not exist (NaN). */
    /**
     * Client and broker CPU per completed message, e.g. {@code 12.1 / 8.4}; marked {@code (client-limited)} when the
     * load generator plausibly limited the figure.
     */
    /**
     * The share of the machine's CPU the hypervisor stole during the reported phase and, where the pass was measured
     * again for it, every attempt's ({@code 6 % (kept 2 of 2: 34, 6 %)}).
     */
    static String steal(RunResult r) {
        var resources = r.reportedPhase().resources();
        if (resources == null || resources.stealShare() == null) {
            return "-";
        }
        String kept = percent(resources.stealShare());
        List<Sizing.Attempt> attempts = r.sizing() == null ? List.of() : r.sizing().attempts();
        if (attempts.isEmpty()) {
            return kept + " %";
        }
        int index = 1;
        while (index <= attempts.size() && !attempts.get(index - 1).kept()) {
            index++;
        }
        return kept + " % (kept " + index + " of " + attempts.size() + ": " + String.join(", ", attempts.stream()
                .map(a -> a.stealShare() == null ? "-" : percent(a.stealShare())).toList()) + " %)";
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f", share * 100);
    }

    public static String cpuPerMessage(PhaseResult p) {
        var r = p.resources();
        if (r == null) {
            return "-";
        }
        return micros1(r.clientMicrosPerMessage(p.completed())) + " / " + micros1(r.brokerMicrosPerMessage(p.completed()))
                + (r.clientSaturated() ? " (client-limited)" : "");
    }

    private static String micros1(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%,.1f", v);
    }

    /** A window figure, or "-" for a phase too short to show steadiness ({@link RateSummary#showsSteadiness}). */
    private static String steadyRate(PhaseResult p, double v) {
        return p.rate().showsSteadiness() ? rate(v) : "-";
    }

    public static String rate(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%,.0f", v);
    }

    static String micros(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    public static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    /** {@code -} where there is no value. */
    public static String count(OptionalLong v) {
        return v.isPresent() ? count(v.getAsLong()) : "-";
    }

    /**
     * A cell's lost messages, with the broker's count of its queue after the pass where it was asked:
     * {@code "1,851 (1,851 still queued)"}: those were held back, not gone.
     */
    static String lost(RunResult r) {
        Accounting a = r.accounting();
        if (a == null) {
            return "-";
        }
        return count(a.lost()) + (r.remaining() == null ? "" : " (" + count(r.remaining().messages())
                + " still queued)");
    }

    /** One count of a cell's accounting; {@code -} for a cell that has none (it failed before the drain). */
    private static String counted(Accounting a, ToLongFunction<Accounting> field) {
        return a == null ? "-" : count(field.applyAsLong(a));
    }
}
