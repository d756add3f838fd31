package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import java.util.List;

/**
 * A publish phase that fills the workload's queue, then a consume phase that drains it; one of them is the reported
 * figure, the other set-up or verification.
 *
 * @param phases    the publish phase, then the consume phase
 * @param fault     kill -9 the broker (or the cluster's leader) during the reported publish, or a consumer process
 *                  during the reported consume; null for no fault
 * @param selection the consumers of the reported consume take only the messages this selector matches (what they
 *                  leave is drained after them, unreported); null for none
 */
public record QueueCase(List<Phase> phases, Fault fault, Selection selection) implements Shape {
    public QueueCase {
        check(phases != null && phases.size() == 2 && phases.get(0).action() == Action.PUBLISH
                        && phases.get(1).action() == Action.CONSUME, "phases",
                "must be one publish phase followed by the consume phase that drains it, or a single live, rpc or"
                        + " oneway phase", phases == null ? null
                        : phases.stream().map(p -> p.action().name().toLowerCase()).toList());
        phases = List.copyOf(phases);
        check(phases.stream().filter(Phase::reported).count() == 1, "phases",
                "must mark exactly one phase 'reported: true'", phases.stream().filter(Phase::reported).count());
        Phase reported = phases.stream().filter(Phase::reported).findFirst().orElseThrow();
        String reportedAction = reported.action().name().toLowerCase();
        check(selection == null || reported.action() == Action.CONSUME, "matchingPercent",
                "needs the reported phase to be the consume (a selector is a consumer's)", reportedAction);
        if (fault != null && fault.duringPublish()) {
            check(reported.action() == Action.PUBLISH, "fault." + fault.atKey(), "needs the reported phase to be the"
                    + " publish (the fault strikes mid-publish)", reportedAction);
        }
        if (fault != null && fault.target() == Fault.Target.LEADER) {
            check(reported.mode() == PublishMode.SYNC || reported.mode() == PublishMode.ASYNC, "fault."
                    + fault.atKey(), "needs a sync or async publish (sends failed during the failover are sent"
                    + " again)", reported.mode());
        }
        if (fault != null && fault.target() == Fault.Target.CONSUMER) {
            check(reported.action() == Action.CONSUME, "fault." + fault.atKey(), "needs the reported phase to be the"
                    + " consume (the fault strikes a consumer mid-drain)", reportedAction);
        }
        check(!(fault instanceof Fault.KillServer), "fault.killServerAt", "needs an rpc phase (server processes"
                + " answer calls)", reportedAction);
        check(!(fault instanceof Fault.KillBroker k && k.reconnect()) || reported.mode() == PublishMode.SYNC,
                "fault.reconnect", "needs a sync publish (each send is retried until the client has reconnected)",
                reported.mode());
    }

    @Override
    public String kind() {
        return "queue";
    }

    /**
     * A consume case drains its own count (the published count times {@code --scale}), so that every run drains the
     * same bytes (a 10 KB drain's rate depends on the depth: RabbitMQ drained 50,000 at 25-27k or half that, 220,000
     * at 11-13k msg/s).
     */
    @Override
    public boolean statesItsLength() {
        return reported().action() == Action.CONSUME;
    }

    @Override
    public boolean sweeps(Sweep.Variable variable) {
        return variable == Sweep.Variable.MATCHING_PERCENT && reported().action() == Action.CONSUME;
    }

    @Override
    public Shape at(Sweep.Variable variable, long value) {
        if (variable != Sweep.Variable.MATCHING_PERCENT) {
            return this;
        }
        check(value >= 1 && value <= 100, "sweep.values", "must be 1..100 for " + variable.key()
                + " (100: no selector)", value);
        return new QueueCase(phases, fault, value == 100 ? null : new Selection((int) value));
    }

    @Override
    public void checkShared(Workload shared) {
        check(fault == null || fault.target() != Fault.Target.CONSUMER || shared.clients() >= 2, "clients",
                "must be >= 2 for a fault on a consumer (another one must drain the rest)", shared.clients());
        if (fault != null && fault.form() == Fault.Form.PAUSE_CONSUMER) {
            check(shared.idleTimeoutSeconds() > fault.held().orElseThrow().toSeconds(), "idleTimeoutSeconds",
                    "must be longer than pauseSeconds (the drain would end while the paused consumer still holds its"
                            + " messages)",
                    shared.idleTimeoutSeconds());
        }
    }

    /** Whether its consumers select: a selector, or a sweep over the share one matches. */
    boolean selects(Workload shared) {
        return selection != null || shared.swept() == Sweep.Variable.MATCHING_PERCENT;
    }

    /** {@code w}'s fault: null for none. */
    public static Fault faultOf(Workload w) {
        return w.shape() instanceof QueueCase q ? q.fault() : w.shape() instanceof CallCase c ? c.fault()
                : w.shape() instanceof LiveCase l ? l.fault() : null;
    }

    /** {@code w}'s selector: null for none, and for every case but a queue case. */
    public static Selection selectionOf(Workload w) {
        return w.shape() instanceof QueueCase q ? q.selection() : null;
    }
}
