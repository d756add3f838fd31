package dev.brokerbench.core.model;

import java.util.List;

/**
 * What a case does besides the settings every case shares ({@link Workload}): its phases and what belongs to them
 * alone. A {@link QueueCase} fills a queue and drains it (a fault, a selector), a {@link LiveCase} publishes and
 * consumes at once (a topic, a rate search), a {@link CallCase} makes calls (servers, calls in flight). The runner,
 * the requirements and the reports tell them apart by their type; a shape none of them knows is refused by the
 * runner with its name, so a new one is a record here and its runner, with no field added to {@link Workload}.
 */
public interface Shape {

    /** The phases it runs, in order; exactly one is reported. */
    List<Phase> phases();

    /** A short name for lists and error messages, e.g. {@code queue}. */
    String kind();

    /** The phase whose figure is the case's. */
    default Phase reported() {
        return phases().stream().filter(Phase::reported).findFirst().orElseThrow();
    }

    /** The clients that receive, of {@code clients} that publish. */
    default int consumers(int clients) {
        return clients;
    }

    /**
     * Whether a sweep of {@code variable} (one of those {@link Sweep.Variable#shaped() bound to a shape}) applies to
     * this shape; a shared setting's sweep always does.
     */
    default boolean sweeps(Sweep.Variable variable) {
        return false;
    }

    /** This shape at a sweep's {@code value} of one of the variables it {@link #sweeps}; itself for the others. */
    default Shape at(Sweep.Variable variable, long value) {
        return this;
    }

    /**
     * Whether its measured pass keeps the length its workload states, whatever {@code --duration} says: a drain of a
     * stated depth, a rate schedule (its steps are its length), a backlog (its depth is stated).
     */
    default boolean statesItsLength() {
        return false;
    }

    /** This shape with lengths that follow the message counts multiplied by {@code scale}. */
    default Shape scaled(double scale) {
        return this;
    }

    /**
     * Checks what this shape requires of the shared settings (e.g. two clients to kill one), throwing an
     * {@link InvalidConfigException} that names the field.
     */
    default void checkShared(Workload shared) {
    }

    /**
     * The shape the flat form of a workload (its YAML file, or its stored JSON) describes: its phases decide which,
     * and a key that belongs to another shape is refused, named.
     */
    static Shape of(List<Phase> phases, Fault fault, Rpc rpc, RateSearch search, Topic topic, Selection selection,
                    RateSchedule schedule, Backlog backlog) {
        InvalidConfigException.check(phases != null && !phases.isEmpty(), "phases", "must list at least one phase",
                phases);
        InvalidConfigException.check(phases.stream().filter(Phase::reported).count() == 1, "phases",
                "must mark exactly one phase 'reported: true'", phases.stream().filter(Phase::reported).count());
        Action reported = phases.stream().filter(Phase::reported).findFirst().orElseThrow().action();
        boolean calls = reported == Action.RPC || reported == Action.ONEWAY;
        boolean single = calls || reported == Action.LIVE;
        InvalidConfigException.check(calls || rpc == null, "servers",
                "(and rpcWindow, callTimeoutMillis, retries) apply to rpc and oneway workloads only", rpc);
        InvalidConfigException.check(reported == Action.LIVE || search == null, "search",
                "needs a single live phase swept over ratePercent (a latency curve)", reported);
        InvalidConfigException.check(reported == Action.CONSUME || selection == null, "matchingPercent",
                "needs the reported phase to be the consume (a selector is a consumer's)", reported);
        InvalidConfigException.check(reported == Action.LIVE || schedule == null, RateSchedule.FIELD,
                "needs a single live phase (publishers paced by the schedule, consumers beside them)", reported);
        InvalidConfigException.check(reported == Action.LIVE || backlog == null, Backlog.FIELD,
                "needs a single live phase (the consumers drain it while the publishers go on; a consume case drains"
                        + " a queue of its messages already)", reported);
        InvalidConfigException.check(reported == Action.LIVE || topic == null, "topic",
                "needs a single live phase (subscribers receive while the publishers send)", reported);
        InvalidConfigException.check(single ? phases.size() == 1 : phases.size() == 2, "phases",
                "must be one publish phase followed by the consume phase that drains it, or a single live, rpc or"
                        + " oneway phase", phases.stream().map(p -> p.action().name().toLowerCase()).toList());
        if (calls) {
            InvalidConfigException.check(rpc != null, "servers", "must be set for an rpc or oneway workload", null);
            return new CallCase(phases.get(0), rpc, fault);
        }
        if (reported == Action.LIVE) {
            return new LiveCase(phases.get(0), topic, search, schedule, backlog, fault);
        }
        return new QueueCase(phases, fault, selection);
    }

    /** The shape of {@code phases} with the parity defaults: no fault, topic or selector; default servers. */
    static Shape of(List<Phase> phases) {
        Action reported = phases == null ? null : phases.stream().filter(Phase::reported).findFirst()
                .map(Phase::action).orElse(null);
        boolean calls = reported == Action.RPC || reported == Action.ONEWAY;
        return of(phases, null, calls ? new Rpc(Rpc.DEFAULT_SERVERS, 1) : null, null, null, null, null, null);
    }
}
