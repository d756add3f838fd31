package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import java.util.List;

/**
 * Calls: request/reply ({@link Action#RPC}) or one-way ({@link Action#ONEWAY}), where the workload's messages count
 * calls and a call without a reply within its idle timeout is counted as timed out.
 *
 * @param phase its single phase, reported
 * @param rpc   servers and calls in flight
 */
public record CallCase(Phase phase, Rpc rpc) implements Shape {
    public CallCase {
        check(phase != null && (phase.action() == Action.RPC || phase.action() == Action.ONEWAY) && phase.reported(),
                "phases", "must be a single reported rpc or oneway phase", phase);
        check(rpc != null, "servers", "must be set for an rpc or oneway workload", null);
    }

    @Override
    public List<Phase> phases() {
        return List.of(phase);
    }

    @Override
    public String kind() {
        return phase.action() == Action.RPC ? "request/reply" : "one-way";
    }

    @Override
    public void checkShared(Workload shared) {
        check(shared.processing().none(), Processing.FIELD, "applies to consumers of a queue or topic (a call's"
                + " servers answer at once)", shared.processing().text());
    }

    /** {@code w}'s calls, for a caller that knows it holds some. */
    public static CallCase of(Workload w) {
        if (w.shape() instanceof CallCase c) {
            return c;
        }
        throw new IllegalArgumentException(w.name() + " is a " + w.shape().kind() + " case, not calls");
    }
}
