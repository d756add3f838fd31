package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import java.util.List;

/**
 * Publishers and consumers at once ({@link Action#LIVE}), on the workload's queue or on a topic fanning out to
 * subscriptions; swept over {@code ratePercent} it is a latency curve, whose rates are percentages of the highest
 * one its search finds.
 *
 * @param phase  its single phase, reported
 * @param topic  the topic the publishers send to (named as the workload's queue), each subscription with a client of
 *               its own; null for a queue
 * @param search   how a latency curve finds the highest rate its percentages are of; null when it is no curve
 * @param schedule the offered rate over time (steps, ramps, bursts); null for one rate ({@code ratePerSecond}) or
 *                 none
 * @param backlog  the depth the queue reaches before the consumers start, which they then drain while the
 *                 publishers go on; null for consumers subscribed from the start
 * @param fault    a fault that holds for a stated time (a lossy or cut link, a pause) while the publishers and
 *                 consumers go on, struck at a fraction of the publishers' confirmations; null for none
 */
public record LiveCase(Phase phase, Topic topic, RateSearch search, RateSchedule schedule, Backlog backlog,
                       Fault fault) implements Shape {
    public LiveCase {
        check(phase != null && phase.action() == Action.LIVE && phase.reported(), "phases",
                "must be a single reported live phase", phase);
        check(schedule == null || search == null, RateSchedule.FIELD, "must not be set on a latency curve (its"
                + " search sets each point's rate)", schedule == null ? null : schedule.label());
        check(backlog == null || search == null && topic == null, Backlog.FIELD, "needs a live case on a queue"
                + " that is no latency curve (a topic's subscribers would have to subscribe before it builds)",
                backlog == null ? null : backlog.messages());
        check(fault == null || fault.held().isPresent() && fault.duringPublish(), "fault", "on a live workload must"
                + " hold for a stated time while the publishers go on (lossAt, partitionAt, pauseBrokerAt, ...)",
                fault == null ? null : fault.atKey());
        check(fault == null || search == null, "fault", "needs a live case that is no latency curve",
                fault == null ? null : fault.atKey());
    }

    /** Without a fault. */
    public LiveCase(Phase phase, Topic topic, RateSearch search, RateSchedule schedule, Backlog backlog) {
        this(phase, topic, search, schedule, backlog, null);
    }

    /** Without a schedule, backlog or fault. */
    public LiveCase(Phase phase, Topic topic, RateSearch search) {
        this(phase, topic, search, null, null, null);
    }

    @Override
    public List<Phase> phases() {
        return List.of(phase);
    }

    @Override
    public String kind() {
        return topic == null ? "live" : "live topic";
    }

    @Override
    public int consumers(int clients) {
        return topic == null ? clients : topic.subscribers();
    }

    @Override
    public boolean statesItsLength() {
        return schedule != null || backlog != null;
    }

    @Override
    public boolean sweeps(Sweep.Variable variable) {
        return variable == Sweep.Variable.RATE_PERCENT || variable == Sweep.Variable.SUBSCRIBERS && topic != null;
    }

    @Override
    public Shape at(Sweep.Variable variable, long value) {
        if (variable != Sweep.Variable.SUBSCRIBERS) {
            return this;
        }
        check(value >= 1 && value <= Topic.MAX_SUBSCRIBERS, "sweep.values",
                "must be 1.." + Topic.MAX_SUBSCRIBERS + " for " + variable.key(), value);
        return new LiveCase(phase, topic.withSubscribers((int) value), search, schedule, backlog, fault);
    }

    @Override
    public Shape scaled(double scale) {
        return new LiveCase(phase, topic, search == null ? null : search.scaled(scale),
                schedule == null ? null : schedule.scaled(scale), backlog == null ? null : backlog.scaled(scale),
                fault);
    }

    @Override
    public void checkShared(Workload shared) {
        Sweep.Variable swept = shared.sweep() != null ? shared.sweep().variable()
                : shared.point() != null ? shared.point().variable() : null;
        boolean curve = swept == Sweep.Variable.RATE_PERCENT;
        check(curve == (search != null), curve ? "search" : "sweep.variable", curve
                ? "must be set on a ratePercent sweep (it finds the rate the percentages are of)"
                : "must be ratePercent when a search is set", curve ? null : swept);
        check(shared.sweep() == null || !curve || shared.ratePerSecond() == 0, "ratePerSecond",
                "must not be set on a ratePercent sweep (each point's rate is a percentage of the searched one)",
                shared.ratePerSecond());
        check(backlog == null || backlog.messages() + shared.clients() <= shared.messages(), "backlog.messages",
                "must leave messages for the publishers to send while the consumers drain (at most messages - clients"
                        + ", " + (shared.messages() - shared.clients()) + ")", backlog == null ? null : backlog.messages());
        if (schedule != null) {
            check(shared.ratePerSecond() == 0, "ratePerSecond", "must not be set beside a schedule (its steps give"
                    + " the rate)", shared.ratePerSecond());
            // the schedule states the messages: scaled, they are rounded, and at least one per client
            check(Math.abs(shared.messages() - schedule.messages()) <= shared.clients(), "messages",
                    "must be the schedule's (each step's rate times its length: " + schedule.messages() + ")",
                    shared.messages());
        }
    }

    /** {@code w}'s live case, for a caller that knows it is one. */
    public static LiveCase of(Workload w) {
        if (w.shape() instanceof LiveCase l) {
            return l;
        }
        throw new IllegalArgumentException(w.name() + " is a " + w.shape().kind() + " case, not a live one");
    }
}
