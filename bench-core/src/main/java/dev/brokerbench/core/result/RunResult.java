package dev.brokerbench.core.result;

import dev.brokerbench.core.broker.BrokerInfo;
import dev.brokerbench.core.io.Required;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.ClientInfo;
import java.time.Instant;
import java.util.List;

/**
 * One workload on one broker through one client path: everything needed to trust, reproduce and re-plot it.
 *
 * @param schema            result format version
 * @param runId             groups the results of one invocation
 * @param startedAt         wall-clock start
 * @param scale             factor applied to the workload's message counts
 * @param workload          the workload as run (scaled)
 * @param broker            broker, version, runtime and persistence settings
 * @param client            client path, library version and effective parity settings
 * @param environment       machine and JVM
 * @param warmup            the warm-up pass (same phases, fewer messages), excluded from the figures
 * @param warmupAccounting  accounting of the warm-up pass
 * @param phases            the measured pass
 * @param accounting        accounting of the measured pass
 * @param errors            errors outside any phase (driver creation, broker failure)
 * @param fault             what the workload's fault did; null without a fault
 * @param rpc               request/reply or one-way accounting (sent, received by servers, replies); null for
 *                          queue workloads, whose {@code accounting} is set instead
 * @param caveats           what this broker x path pair does not do the way the comparison defines it (e.g. a
 *                          prefetch the broker does not hold to), so the figure is labelled; empty when equivalent
 * @param brokerPressure    what the broker's log said during the cell about running short of memory (paged to disk,
 *                          producers blocked or throttled), with how often; empty when it said nothing
 * @param repeat            which repeat of the cell this is, and where it ran in the run's shuffled order; null in
 *                          results written before repeats existed
 * @param leftover          the broker's count of the cell's own queue just before the measured pass (0 unless the
 *                          warm-up left messages behind); null where the queue was new or the path cannot ask
 * @param remaining         the broker's count of the cell's queue after a measured pass whose account lost messages:
 *                          lost messages still there were held back (late, e.g. by a consumer the broker stopped
 *                          serving), the rest are gone; null where nothing was lost, on a topic, where the path
 *                          cannot ask, and in results before 2026-11-27
 * @param sizing            how long the warm-up took (passes, seconds, steady or not) and how the measured pass was
 *                          sized (by count, or by {@code --duration} from the warm-up's rate); null in older results
 * @param rateSearch        a latency curve's point: the search that found the highest sustained rate this point's
 *                          rate is a percentage of (the same record on every point of the broker, path and curve);
 *                          null for any other cell
 * @param brokerGc          what the broker's garbage collector did during the cell (its pauses, the heap after them),
 *                          read from the GC log of a JVM broker the suite started itself; null for other brokers and in
 *                          results before 2026-11-29
 * @param brokerStopped     why the broker was caught stopped while the cell ran (no answer on its port past the run's
 *                          limit, or its process dead), with the evidence; it was killed and the cell ended at once,
 *                          the pass it stopped in the only one; null while it served, and in older results
 */
public record RunResult(int schema, @Required String runId, @Required Instant startedAt, double scale,
                        @Required Workload workload, @Required BrokerInfo broker, @Required ClientInfo client,
                        @Required EnvironmentInfo environment, @Required List<PhaseResult> warmup,
                        Accounting warmupAccounting, @Required List<PhaseResult> phases, Accounting accounting,
                        @Required List<String> errors, FaultOutcome fault, RpcAccounting rpc,
                        List<String> caveats, List<String> brokerPressure, Repeat repeat,
                        BrokerCount leftover, @com.fasterxml.jackson.annotation.JsonInclude(
                                com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) BrokerCount remaining,
                        Sizing sizing, SustainedRate rateSearch, @com.fasterxml.jackson.annotation.JsonInclude(
                                com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) BrokerGc brokerGc,
                        @com.fasterxml.jackson.annotation.JsonInclude(
                                com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String brokerStopped) {
    public static final int SCHEMA = 2;

    /** Caveats and broker pressure came after the first results: absent there, they read as none. */
    public RunResult {
        caveats = caveats == null ? List.of() : caveats;
        brokerPressure = brokerPressure == null ? List.of() : brokerPressure;
    }

    /** The broker, client path and case this result measured. */
    public CellId cellId() {
        return CellId.of(this);
    }

    /** The repeat, {@link Repeat#SINGLE} for results written before repeats existed. */
    public Repeat repeatOrSingle() {
        return repeat == null ? Repeat.SINGLE : repeat;
    }

    /** The headline phase (the one the workload marks reported). */
    public PhaseResult reportedPhase() {
        return phases.stream().filter(PhaseResult::reported).findFirst().orElse(null);
    }

    /**
     * OK, BROKER STOPPED, LOSS, DUP or ERROR. BROKER STOPPED: the drain could not ask for every message (its
     * consumers could not consume, again when tried once more), so what did not arrive is held, not lost
     * ({@link Accounting#held}); or the broker was caught stopped during the cell ({@link #brokerStopped}), which
     * then ended: LOSS only when a message it had confirmed is missing after it was started again. LOSS: a message that vanished without a word: confirmed, or sent without a failure
     * reported, and never received ({@link Accounting#silentlyLost}); with a fault, only a confirmed message that was
     * lost (a durability violation), since messages in flight at the kill were never confirmed. Then ERROR when the
     * clients were to reconnect or fail over by themselves and not every message was confirmed in the end (the
     * failover did not work for some publisher: it gave up on a message, or stopped), and, without a fault, when the
     * broker or client library refused a send (reported it failed: {@link Accounting#failed}): the client knew, so it
     * is an error, not a loss, whether the message arrived or not; both outrank duplicates. DUP: a message received
     * twice; after a fault, only duplicates beyond those the broker flagged as redelivered (a flagged redelivery after
     * a crash is at-least-once delivery working; an unflagged one is a duplicate an application cannot recognise).
     * ERROR: errors, except the expected send failures of the phase the fault hit. Before all of these, ERROR when the
     * fault did not happen ({@link #faultMissed}); after them, FAILED when sends failed (timed out or were refused)
     * while a fault held for a stated time: the clients knew of each, and the cell says so rather than ok.
     */
    public Status status() {
        if (faultMissed().isPresent()) {
            return Status.ERROR;
        }
        if (brokerStopped != null) {
            return accounting != null && accounting.held() == null && accounting.lostConfirmed() > 0 ? Status.LOSS
                    : Status.BROKER_STOPPED;
        }
        if (rpc != null) {
            return rpcStatus();
        }
        if (accounting != null) {
            if (accounting.held() != null) {
                return Status.BROKER_STOPPED;
            }
            if (fault == null ? accounting.silentlyLost() > 0 : accounting.lostConfirmed() > 0) {
                return Status.LOSS;
            }
            if (failoverIncomplete() || fault == null && accounting.failed() > 0) {
                return Status.ERROR;
            }
            if (fault == null ? accounting.duplicates() > 0 : accounting.duplicates() > accounting.redelivered()) {
                return Status.DUP;
            }
            if (heldFault() && accounting.failed() > 0) {
                return Status.FAILED;
            }
        }
        boolean errored = !errors.isEmpty() || phases.stream()
                // a fault's publish (reported, or a live phase's publishers) may fail sends: the accounting judges them
                .filter(p -> fault == null || !p.reported() && !workload.live()
                        || p.action() != dev.brokerbench.core.model.Action.PUBLISH)
                .anyMatch(p -> !p.errors().isEmpty());
        return errored || accounting == null ? Status.ERROR : Status.OK;
    }

    /**
     * Why the cell's fault did not strike as its workload states: its trigger never came (the phase ended before its
     * threshold), or a fault that holds for a stated time did not begin or did not end (the engine refused the freeze,
     * a command failed: the phase's errors say which). Empty when it struck, or the cell has none. Such a cell is
     * {@link Status#ERROR}: a fault that did not happen never reads ok.
     */
    public java.util.Optional<String> faultMissed() {
        if (fault == null) {
            return java.util.Optional.empty();
        }
        if (fault.countAtKill().isEmpty()) {
            return java.util.Optional.of("the fault never came: the phase ended before its threshold ("
                    + Math.round(fault.at() * 100) + " %)");
        }
        if (heldFault() && fault.heldMillis().isEmpty()) {
            return java.util.Optional.of("the fault did not begin or did not end as stated (the phase's errors say"
                    + " why)");
        }
        return java.util.Optional.empty();
    }

    /** The cell's fault holds for a stated time (a pause, a cut, lossy or slow link, a full disk), not a kill. */
    private boolean heldFault() {
        dev.brokerbench.core.model.Fault stated = workload == null ? null
                : dev.brokerbench.core.model.QueueCase.faultOf(workload);
        return fault != null && stated != null && stated.held().isPresent();
    }

    /** The clients were to ride out the fault by themselves, and not every message they were to send was confirmed. */
    private boolean failoverIncomplete() {
        return fault != null && dev.brokerbench.core.model.Fault.reconnects(
                dev.brokerbench.core.model.QueueCase.faultOf(workload))
                && reportedPhase() != null && accounting.confirmed() < reportedPhase().expected();
    }

    /**
     * LOSS (a request or one-way message never reached a server), DUP (a one-way message reached the servers twice,
     * or a call was answered twice), WRONG (a wrong reply), TIMEOUT (a call unanswered in time, its reply late or
     * never), ERROR or ok. With a retry policy only each call's answer counts: WRONG, TIMEOUT (never answered, or
     * answered after it was given up), ERROR or ok.
     */
    private Status rpcStatus() {
        boolean retries = workload != null && workload.shape() instanceof dev.brokerbench.core.model.CallCase c
                && c.rpc().retry() != null;
        // a broker killed under the calls: the clients' failed sends and receives meanwhile are expected
        boolean brokerKilled = fault != null && fault.killed() == dev.brokerbench.core.model.Fault.Target.BROKER;
        boolean errored = !errors.isEmpty() || phases.stream().filter(p -> !brokerKilled || !p.reported())
                .anyMatch(p -> !p.errors().isEmpty());
        if (retries) { // what counts is each call's answer: a lost send, a resend, a second answer is the policy at work
            if (rpc.wrongBody() > 0 || rpc.wrongCorrelation() > 0) {
                return Status.WRONG;
            }
            if (rpc.neverAnswered() > 0 || rpc.late() > 0) {
                return Status.TIMEOUT;
            }
            return errored || !rpc.answeredAll() ? Status.ERROR : Status.OK;
        }
        if (rpc.lost() > 0) {
            return Status.LOSS;
        }
        if (rpc.duplicates() > 0 || rpc.answeredTwice() > 0) {
            return Status.DUP;
        }
        if (rpc.wrongBody() > 0 || rpc.wrongCorrelation() > 0) {
            return Status.WRONG;
        }
        if (rpc.timedOut() > 0 || rpc.late() > 0) {
            return Status.TIMEOUT;
        }
        boolean calls = workload.reportedPhase().action() == dev.brokerbench.core.model.Action.RPC;
        boolean exact = calls ? rpc.exactCalls() : rpc.exactOneWay();
        return errored || !exact ? Status.ERROR : Status.OK;
    }
}
