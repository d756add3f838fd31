package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.metrics.SendLedger;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.RateWindow;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.BrokerCount;
import dev.brokerbench.core.result.FaultOutcome;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.run.remote.ConsumerProcesses;
import dev.brokerbench.core.result.RpcAccounting;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.RpcServer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Runs one workload through one driver: the warm-up pass (same phases, {@code warmupMessages} each, on the same
 * queue, reported separately) and then the measured pass.
 */
public final class ScenarioRunner {
    private final ProgressListener progress;
    private final PhaseContext.Limits limits;
    private final RateWindow window;

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

    /**
     * Phases and accounting of one pass.
     *
     * @param phases     every phase in order
     * @param accounting the publish phase reconciled against the consume phase that drained it
     */
    public record Pass(List<PhaseResult> phases, Accounting accounting, RpcAccounting rpc) {
        Pass(List<PhaseResult> phases, Accounting accounting) {
            this(phases, accounting, null);
        }
    }

    /** The two passes. {@code warmup} is null when the workload has no warm-up; {@code fault} without a fault. */
    public record Outcome(Pass warmup, Pass measured, FaultOutcome fault) {
    }

    /** Runs with every publish mode available. */
    public Outcome run(Workload workload, Driver driver, OptionalLong brokerPid, String label)
            throws InterruptedException, BrokerStartException {
        return run(workload, driver, brokerPid, label, EnumSet.allOf(PublishMode.class), BrokerControl.NONE);
    }

    /**
     * @param setupModes publish modes the pair supports; a set-up (not reported) publish phase whose mode is missing
     *                   uses the other one, and its result records the mode actually used
     */
    /**
     * @param control kills and restarts the broker for the workload's fault (measured pass only; the warm-up pass
     *                runs without it)
     */
    public Outcome run(Workload workload, Driver driver, OptionalLong brokerPid, String label,
                       Set<PublishMode> setupModes, BrokerControl control)
            throws InterruptedException, BrokerStartException {
        return run(workload, driver, brokerPid, label, setupModes, control, null);
    }

    /**
     * @param consumerProcesses starts consumers in their own processes, for a fault that kills one; null if this
     *                          runner cannot (such a workload then fails with that reason)
     */
    public Outcome run(Workload workload, Driver driver, OptionalLong brokerPid, String label,
                       Set<PublishMode> setupModes, BrokerControl control, ConsumerProcesses consumerProcesses)
            throws InterruptedException, BrokerStartException {
        Pass warmup = workload.warmupMessages() > 0
                ? pass(workload, workload.warmupMessages(), driver, brokerPid, label + " warm-up", setupModes, null,
                        control, new FaultOutcome[1], consumerProcesses)
                : null;
        FaultOutcome[] fault = new FaultOutcome[1];
        Pass measured = pass(workload, workload.messages(), driver, brokerPid, label, setupModes, workload.fault(),
                control, fault, consumerProcesses);
        return new Outcome(warmup, measured, fault[0]);
    }

    /**
     * An RPC or one-way workload: the server sessions start, then the warm-up pass and the measured pass run
     * against them, and they stop.
     */
    public Outcome runCalls(Workload workload, Driver driver, OptionalLong brokerPid, String label) throws Exception {
        ServerTally tally = new ServerTally();
        try (RpcServer server = driver.rpcServer(workload.queue(), workload.rpc().servers(), tally)) {
            Pass warmup = workload.warmupMessages() > 0
                    ? callPass(workload, workload.warmupMessages(), driver, brokerPid, label + " warm-up", server, tally)
                    : null;
            return new Outcome(warmup, callPass(workload, workload.messages(), driver, brokerPid, label, server, tally),
                    null);
        }
    }

    private Pass callPass(Workload workload, long messages, Driver driver, OptionalLong brokerPid, String label,
                          RpcServer server, ServerTally tally) throws Exception {
        Phase phase = workload.reportedPhase();
        PhaseContext ctx = new PhaseContext(workload, phase, messages, driver, brokerPid, label + " " + phase.label(),
                progress, limits, null, BrokerControl.NONE, null, window);
        RpcPhase.Outcome out = RpcPhase.run(ctx, server, tally);
        return new Pass(List.of(out.result()), null, out.accounting());
    }

    private Pass pass(Workload workload, long messages, Driver driver, OptionalLong brokerPid, String label,
                      Set<PublishMode> setupModes, Fault fault, BrokerControl control, FaultOutcome[] faultOutcome,
                      ConsumerProcesses consumerProcesses)
            throws InterruptedException, BrokerStartException {
        List<PhaseResult> results = new ArrayList<>();
        SendLedger lastPublish = null;
        Accounting accounting = null;
        for (Phase declared : workload.phases()) {
            Phase phase = effective(declared, setupModes);
            Fault phaseFault = fault != null && phase.reported()
                    && (phase.action() == Action.PUBLISH ? fault.killsBroker() : fault.killsConsumer()) ? fault : null;
            PhaseContext ctx = new PhaseContext(workload, phase, messages, driver, brokerPid,
                    label + " " + phase.label(), progress, phaseFault == null ? limits : limits.forFault(),
                    phaseFault, control, consumerProcesses, window);
            if (phase.action() == Action.PUBLISH) {
                PublishPhase.Outcome out = PublishPhase.run(ctx);
                results.add(out.result());
                lastPublish = out.ledger();
                if (phaseFault != null && out.reconnect() != null) {
                    // restarted during the phase; the clients reconnected by themselves
                    faultOutcome[0] = new FaultOutcome(phaseFault.target(), phaseFault.at(), out.confirmedAtKill(),
                            out.reconnect().restartMillis(), out.reconnect().reconnectMillis(),
                            brokerCount(driver, workload.queue()), control.recoveryStatement());
                } else if (phaseFault != null) {
                    long restartMillis = control.restart();
                    faultOutcome[0] = new FaultOutcome(phaseFault.target(), phaseFault.at(), out.confirmedAtKill(),
                            restartMillis, -1, brokerCount(driver, workload.queue()), control.recoveryStatement());
                }
            } else {
                ConsumePhase.Outcome out = ConsumePhase.run(ctx, lastPublish);
                results.add(out.result());
                accounting = out.accounting();
                if (phaseFault != null) {
                    faultOutcome[0] = new FaultOutcome(phaseFault.target(), phaseFault.at(), out.receivedAtKill(), -1,
                            out.recoveryMillis(), brokerCount(driver, workload.queue()), null);
                }
            }
        }
        return new Pass(List.copyOf(results), accounting);
    }

    /** The broker's own count of the queue, or null where the path cannot ask or the broker did not answer. */
    private static BrokerCount brokerCount(Driver driver, String queue) {
        try {
            return driver.brokerCount(queue).orElse(null);
        } catch (Exception e) {
            return null;
        }
    }

    private static Phase effective(Phase phase, Set<PublishMode> setupModes) {
        if (phase.action() != Action.PUBLISH || phase.reported() || setupModes.contains(phase.mode())
                || setupModes.isEmpty()) {
            return phase;
        }
        return new Phase(phase.name(), phase.action(), setupModes.iterator().next(), false);
    }
}
