package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.CallCase;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.model.RateSearch;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.BrokerCount;
import dev.brokerbench.core.result.FaultOutcome;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.RpcAccounting;
import dev.brokerbench.core.result.SearchStep;
import dev.brokerbench.core.result.Sizing;
import dev.brokerbench.core.result.SustainedRate;
import dev.brokerbench.core.spi.Calls;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.RpcServer;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one workload through one driver: the warm-up pass (same phases, {@code warmupMessages} each, on the same
 * queue, reported separately) and then the measured pass.
 */
public final class ScenarioRunner {
    private final ProgressListener progress;
    private final PhaseContext.Limits limits;
    private final RateWindow window;
    private PassPlan plan = PassPlan.DEFAULT;
    /** This process as one shard of a run; null when it runs every client. */
    private ShardRun sharding;

    public ScenarioRunner(ProgressListener progress) {
        this(progress, RateWindow.DEFAULT);
    }

    /** @param window how rate windows are cut */
    public ScenarioRunner(ProgressListener progress, RateWindow window) {
        this(progress, PhaseContext.Limits.DEFAULT, window);
    }

    ScenarioRunner(ProgressListener progress, PhaseContext.Limits limits) {
        this(progress, limits, RateWindow.DEFAULT);
    }

    ScenarioRunner(ProgressListener progress, PhaseContext.Limits limits, RateWindow window) {
        this.progress = progress;
        this.limits = limits;
        this.window = window;
    }

    /** This runner sizing its passes by {@code plan} (default {@link PassPlan#DEFAULT}). */
    public ScenarioRunner planned(PassPlan plan) {
        this.plan = plan;
        return this;
    }

    /** This runner as one shard of a run (every phase after a meeting of the shards), or every client (null). */
    ScenarioRunner sharded(ShardRun run) {
        this.sharding = run;
        return this;
    }

    /** Runs one pass of a given size. */
    @FunctionalInterface
    private interface PassOf {
        Pass run(long messages, String label) throws Exception;
    }

    /** The last warm-up pass and how the warm-up went. */
    private record WarmedUp(Pass last, int passes, double seconds, boolean steady, List<Double> rates) {
        /** The last pass's rate of the reported phase; NaN without a warm-up. */
        double lastRate() {
            return rates.isEmpty() ? Double.NaN : rates.get(rates.size() - 1);
        }
    }

    /** Whether the broker was caught stopped during the cell: no further pass is run. */
    private static boolean stopped(CellContext cell) {
        return cell.control().stoppedDuringCell().isPresent();
    }

    private WarmedUp warmUp(Workload workload, CellContext cell, PassOf passOf) throws Exception {
        String label = cell.label();
        if (workload.warmupMessages() == 0) {
            return new WarmedUp(null, 0, 0, false, List.of());
        }
        long started = System.nanoTime();
        Warmup warmupPolicy = plan.warmup();
        boolean atDepth = drainsAtDepth(workload);
        long messages = atDepth ? workload.messages() : Math.min(warmupPolicy.maxMessages(),
                Math.max(warmupPolicy.minMessages(), workload.warmupMessages()));
        List<Double> rates = new ArrayList<>();
        Pass last = null;
        boolean steady = false;
        double elapsed = 0;
        while (!steady && warmupPolicy.mayContinue(rates.size(), elapsed) && !stopped(cell)) {
            long passStarted = System.nanoTime();
            last = passOf.run(messages, label + " warm-up" + (rates.isEmpty() ? "" : " " + (rates.size() + 1)));
            long now = System.nanoTime();
            elapsed = (now - started) / 1e9;
            PhaseResult reported = last.phases().stream().filter(PhaseResult::reported).findFirst().orElseThrow();
            double previous = rates.isEmpty() ? Double.NaN : rates.get(rates.size() - 1);
            rates.add(reported.rate().overall());
            if (atDepth) {
                steady = warmupPolicy.doneAtDepth(reported, elapsed, previous);
            } else {
                steady = warmupPolicy.done(reported, messages, elapsed, previous);
                messages = warmupPolicy.nextMessages(reported, messages, (now - passStarted) / 1e9, elapsed);
            }
        }
        return new WarmedUp(last, rates.size(), (System.nanoTime() - started) / 1e9, steady, List.copyOf(rates));
    }

    /**
     * The cell of a broker caught stopped in a warm-up pass: it ends at once, that pass its only one (no measured
     * pass was sized: 0 messages).
     */
    private Outcome endedByStop(WarmedUp warm) {
        return new Outcome(null, warm.last(), warm.last().fault(), null, null, sizing(warm, 0, List.of()), false);
    }

    /** Whether the cell drains a queue of a stated depth (its warm-up passes drain it too). */
    static boolean drainsAtDepth(Workload workload) {
        return workload.shape() instanceof QueueCase && workload.shape().statesItsLength();
    }

    /**
     * The measured pass's messages: the workload's count, or the warm-up's rate times the target duration; a drain's
     * stated depth, a schedule's messages.
     */
    private long measuredMessages(Workload workload, WarmedUp warm) {
        if (workload.shape().statesItsLength() && plan.sameAs() == null) {
            return workload.messages();
        }
        return plan.measuredMessages(workload.messages(), warm.lastRate(), workload.clients());
    }

    /** The cell of the measured pass: its driver held back when the plan slows its path (the gate's experiment). */
    private CellContext slowed(CellContext cell, Workload workload, long messages) {
        if (plan.slowdown() == null) {
            return cell;
        }
        Action reported = workload.phases().stream().filter(Phase::reported).map(Phase::action).findFirst()
                .orElseThrow();
        return cell.withDriver(plan.slowdown().applyTo(cell.driver(), reported, messages));
    }

    private Sizing sizing(WarmedUp warm, long measured, List<Sizing.Attempt> attempts) {
        return new Sizing(warm.passes(), Math.round(warm.seconds() * 10) / 10.0, warm.steady(), warm.rates(),
                plan.durationSeconds(), measured, attempts);
    }

    /** Runs one measured pass, labelled. */
    @FunctionalInterface
    private interface Measure {
        Pass run(String label) throws Exception;
    }

    /** The kept measured pass, its messages and, when there was more than one, every attempt. */
    private record Measured(Pass pass, long messages, List<Sizing.Attempt> attempts) {
        PhaseResult reported() {
            return pass.phases().stream().filter(PhaseResult::reported).findFirst().orElseThrow();
        }

        /** This measurement and a later one, the later one kept. */
        Measured then(Measured again) {
            List<Sizing.Attempt> all = new ArrayList<>();
            List<Sizing.Attempt> mine = attempts.isEmpty() ? List.of(attempt(this, true)) : attempts;
            mine.forEach(a -> all.add(new Sizing.Attempt(a.rate(), a.stealShare(), false, a.seconds(), a.messages())));
            all.addAll(again.attempts.isEmpty() ? List.of(attempt(again, true)) : again.attempts);
            return new Measured(again.pass, again.messages, List.copyOf(all));
        }

        private static Sizing.Attempt attempt(Measured m, boolean kept) {
            PhaseResult r = m.reported();
            return new Sizing.Attempt(r.rate().overall(), StealRetry.steal(r).orElse(null), kept, r.activeSeconds(),
                    m.messages);
        }
    }

    /**
     * The measured pass, run again while the plan's {@link StealRetry} says the hypervisor disturbed it (never for a
     * fault, which kills something); the least disturbed is kept.
     */
    private Measured measure(java.util.function.BooleanSupplier mayRetry, String label, long messages,
                             Measure measure) throws Exception {
        List<Pass> passes = new ArrayList<>();
        List<PhaseResult> reported = new ArrayList<>();
        do {
            Pass pass = measure.run(passes.isEmpty() ? label : label + " again (steal)");
            passes.add(pass);
            reported.add(pass.phases().stream().filter(PhaseResult::reported).findFirst().orElseThrow());
        } while (mayRetry.getAsBoolean() && plan.stealRetry().again(reported.get(reported.size() - 1), passes.size()));
        int kept = StealRetry.leastDisturbed(reported);
        List<Sizing.Attempt> attempts = new ArrayList<>();
        for (int i = 0; passes.size() > 1 && i < passes.size(); i++) {
            attempts.add(new Sizing.Attempt(reported.get(i).rate().overall(), StealRetry.steal(reported.get(i))
                    .orElse(null), i == kept, reported.get(i).activeSeconds(), messages));
        }
        return new Measured(passes.get(kept), messages, attempts);
    }

    /**
     * Phases and accounting of one pass.
     *
     * @param phases     every phase in order
     * @param accounting the publish phase reconciled against the consume phase that drained it; null for calls
     * @param rpc        the calls' accounting; null for a queue pass
     * @param fault      what the pass's fault did; null without one
     */
    public record Pass(List<PhaseResult> phases, Accounting accounting, RpcAccounting rpc, FaultOutcome fault) {
    }

    /**
     * The two passes. {@code warmup} is null when the workload has no warm-up; {@code fault} without a fault;
     * {@code leftover} (the broker's count of the queue between the passes) where there was no warm-up or the path
     * cannot ask; {@code remaining} the broker's count of the queue after a measured pass that lost messages (null
     * otherwise and in a shard, whose own account is a part, {@link FaultOutcomes#remaining}); {@code sizing} how long the warm-up took and how the measured pass
     * was sized; {@code slowed} whether the plan's slowdown held the measured pass back.
     */
    public record Outcome(Pass warmup, Pass measured, FaultOutcome fault, BrokerCount leftover,
                          BrokerCount remaining, Sizing sizing, boolean slowed) {
    }

    /**
     * The warm-up passes, then the measured pass (sized by the plan, run again while disturbed or when it missed
     * {@code --duration}); the workload's fault in the measured pass only.
     */
    public Outcome run(Workload workload, CellContext cell) throws InterruptedException, BrokerStartException {
        WarmedUp warm;
        try {
            warm = warmUp(workload, cell, (messages, passLabel) -> pass(workload, messages, cell, passLabel, null));
        } catch (InterruptedException | BrokerStartException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e); // a queue pass throws nothing else
        }
        if (stopped(cell) && warm.last() != null) {
            return endedByStop(warm);
        }
        BrokerCount leftover = FaultOutcomes.leftover(warm.last(), cell.driver(), workload);
        long messages = measuredMessages(workload, warm);
        Fault fault = QueueCase.faultOf(workload);
        boolean retries = fault == null;
        Measured measured;
        try {
            measured = measure(() -> retries && !stopped(cell), cell.label(), messages, sized -> pass(workload,
                    messages, slowed(cell, workload, messages), sized, fault));
            if (retries && !stopped(cell) && !workload.shape().statesItsLength()
                    && plan.missed(measured.reported().activeSeconds())) {
                long again = resized(workload, measured);
                measured = measured.then(measure(() -> !stopped(cell), cell.label() + " sized again", again,
                        sized -> pass(workload, again, slowed(cell, workload, again), sized, null)));
            }
        } catch (InterruptedException | BrokerStartException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e); // a queue pass throws nothing else
        }
        return new Outcome(warm.last(), measured.pass(), measured.pass().fault(), leftover,
                sharding == null ? FaultOutcomes.remaining(measured.pass(), cell.driver(), workload) : null,
                sizing(warm, measured.messages(), measured.attempts()),
                plan.slowdown() != null && slowed(cell, workload, messages) != cell);
    }

    /**
     * Runs {@code workload}'s cell as its shape asks: calls against servers started for it, a queue case or a live
     * case through its phases.
     *
     * @throws IllegalArgumentException for a shape this runner does not know ({@link Requirements#unmet} refuses
     *                                  such a cell before it starts)
     */
    public Outcome runCase(Workload workload, CellContext cell) throws Exception {
        if (workload.shape() instanceof CallCase calls) {
            return runCalls(workload, calls, cell);
        }
        if (Requirements.runnable(workload.shape())) {
            return run(workload, cell);
        }
        throw new IllegalArgumentException(Requirements.noRunner(workload.shape()));
    }

    /**
     * The messages of a measured pass that missed {@code --duration}: its own rate times the duration, the rate it
     * showed being a better forecast of the next pass than the warm-up's.
     */
    private long resized(Workload workload, Measured missed) {
        return plan.measuredMessages(workload.messages(), missed.reported().rate().overall(), workload.clients());
    }

    /**
     * An RPC or one-way workload: the server sessions start, then the warm-up passes and the measured pass run
     * against them, and they stop.
     */
    public Outcome runCalls(Workload workload, CallCase calls, CellContext cell) throws Exception {
        ServerTally tally = new ServerTally();
        try (RpcServer server = servers(workload, calls, cell, tally)) {
            WarmedUp warm = warmUp(workload, cell, (messages, passLabel) -> callPass(workload, messages, cell,
                    passLabel, server, tally, null));
            if (stopped(cell) && warm.last() != null) {
                return endedByStop(warm);
            }
            long messages = measuredMessages(workload, warm);
            boolean retries = calls.fault() == null;
            Measured measured = measure(() -> retries && !stopped(cell), cell.label(), messages, passLabel ->
                    callPass(workload, messages, cell, passLabel, server, tally, calls.fault()));
            if (retries && !stopped(cell) && plan.missed(measured.reported().activeSeconds())) {
                long again = resized(workload, measured);
                measured = measured.then(measure(() -> !stopped(cell), cell.label() + " sized again", again,
                        passLabel -> callPass(workload, again, cell, passLabel, server, tally, null)));
            }
            return new Outcome(warm.last(), measured.pass(), measured.pass().fault(), null, null,
                    sizing(warm, measured.messages(), measured.attempts()), false);
        }
    }

    /**
     * The cell's server sessions: the path's own, in this process (through a broker kill they reconnect by
     * themselves), or spread over processes of their own ({@link CallCase#serverProcesses}: asked for, or two for a
     * fault that kills a server).
     */
    private RpcServer servers(Workload workload, CallCase calls, CellContext cell, ServerTally tally)
            throws Exception {
        int processes = calls.serverProcesses();
        if (processes == 0) {
            return cell.driver().require(Calls.class).rpcServer(workload.queue(), calls.rpc().servers(), tally);
        }
        if (cell.clientProcesses() == null) {
            throw new IllegalStateException("server sessions in processes of their own need a runner that starts"
                    + " them, and this one cannot");
        }
        return cell.clientProcesses().rpcServer(workload.queue(), calls.rpc().servers(), processes, tally,
                limits.sessionOpen().multipliedBy(processes));
    }

    /**
     * The highest rate {@code curve}'s broker and client path sustain ({@link RateSearcher}): each step a live pass
     * of its own at the offered rate for the search's step length, on the curve's queue; {@code told} hears of each
     * step as it is judged.
     */
    public SustainedRate searchRate(Workload curve, CellContext cell,
                                    java.util.function.Consumer<SearchStep> told) throws InterruptedException {
        RateSearch spec = LiveCase.of(curve).search();
        int clients = curve.clients();
        return RateSearcher.search(spec, rate -> {
            long messages = Math.max(clients, Math.round(rate * spec.stepSeconds()));
            Workload step = curve.withRate(rate / clients);
            Pass pass;
            try {
                pass = pass(step, messages, cell, String.format(java.util.Locale.ROOT, "%s search %,.0f msg/s",
                        cell.label(), rate), null);
            } catch (BrokerStartException e) {
                throw new IllegalStateException(e); // no fault, no restart
            }
            SearchStep judged = RateSearcher.judge(rate, messages / rate, pass.phases().get(0), pass.phases().get(1),
                    pass.accounting());
            told.accept(judged);
            return judged;
        });
    }

    private Pass callPass(Workload workload, long messages, CellContext cell, String label, RpcServer server,
                          ServerTally tally, Fault fault) throws Exception {
        Phase phase = workload.reportedPhase();
        PhaseContext ctx = new PhaseContext(workload, phase, messages, cell, label + " " + phase.label(), progress,
                fault == null ? limits : limits.forFault(fault), fault, window, ShardPart.WHOLE);
        RpcPhase.Outcome out = RpcPhase.run(ctx, server, tally);
        FaultOutcome killed = fault == null ? null : FaultOutcomes.afterCalls(fault, out.kill(), cell,
                workload.queue());
        return new Pass(List.of(out.result()), null, out.accounting(), killed);
    }

    /** One pass of the workload's phases; {@code fault} (or null) in its reported phase. */
    private Pass pass(Workload workload, long messages, CellContext cell, String label, Fault fault)
            throws InterruptedException, BrokerStartException {
        Driver driver = cell.driver();
        List<PhaseResult> results = new ArrayList<>();
        SendLedger lastPublish = null;
        Accounting accounting = null;
        FaultOutcome faultOutcome = null;
        for (Phase declared : workload.phases()) {
            Phase phase = declared.runIn(cell.setupModes());
            Fault phaseFault = fault != null && phase.reported()
                    && fault.duringPublish() == (phase.action() == Action.PUBLISH || phase.action() == Action.LIVE)
                    ? fault : null;
            ShardBarrier.Meeting met = sharding == null ? null : sharding.meet(driver, label + " " + phase.label());
            PhaseContext ctx = new PhaseContext(workload, phase, messages, cell, label + " " + phase.label(), progress,
                    phaseFault == null ? limits : limits.forFault(phaseFault), phaseFault, window,
                    met == null ? ShardPart.WHOLE : sharding.part(met));
            if (phase.action() == Action.LIVE) {
                LivePhase.Outcome out = LivePhase.run(ctx);
                results.add(out.publishers());
                results.add(out.consumers());
                accounting = out.accounting();
                if (phaseFault != null) {
                    faultOutcome = FaultOutcomes.afterPublish(phaseFault, out.publish(), cell, workload.queue());
                }
            } else if (phase.action() == Action.PUBLISH) {
                PublishPhase.Outcome out = PublishPhase.run(ctx);
                results.add(out.result());
                lastPublish = out.ledger();
                if (sharding != null) {
                    sharding.record(label, phase, met, out.result(), out.startNanos(),
                            dev.brokerbench.core.metrics.SendRecord.of(out.ledger()), null);
                }
                if (phaseFault != null || out.leaderKill() != null) {
                    faultOutcome = FaultOutcomes.afterPublish(phaseFault, out, cell, workload.queue());
                }
            } else {
                ConsumePhase.Outcome out = ConsumePhase.run(ctx, lastPublish);
                results.add(out.result());
                accounting = out.accounting();
                if (sharding != null) {
                    sharding.record(label, phase, met, out.result(), out.startNanos(), null, out.shardReceipts());
                }
                if (phaseFault != null) {
                    faultOutcome = FaultOutcomes.afterConsume(phaseFault, out, driver, workload.queue());
                }
            }
        }
        if (sharding != null) {
            sharding.meet(driver, label + " end"); // no shard begins the next pass while another still drains
        }
        return new Pass(List.copyOf(results), accounting, null, faultOutcome);
    }
}
