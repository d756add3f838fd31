package dev.brokerbench.core.model;

import static dev.brokerbench.core.model.InvalidConfigException.check;

import java.util.List;

/**
 * Calls: request/reply ({@link Action#RPC}) or one-way ({@link Action#ONEWAY}), where the workload's messages count
 * calls and a call without a reply within its idle timeout is counted as timed out.
 *
 * @param phase its single phase, reported
 * @param rpc   servers, calls in flight and the clients' retry policy
 * @param fault kill -9 one of two server processes during request/reply ({@link Fault.KillServer}), or the broker,
 *              restarted at once while clients and servers reconnect by themselves ({@link Fault.KillBroker} with
 *              reconnect); null for none
 */
public record CallCase(Phase phase, Rpc rpc, Fault fault) implements Shape {
    public CallCase {
        check(phase != null && (phase.action() == Action.RPC || phase.action() == Action.ONEWAY) && phase.reported(),
                "phases", "must be a single reported rpc or oneway phase", phase);
        check(rpc != null, "servers", "must be set for an rpc or oneway workload", null);
        check(fault == null || fault instanceof Fault.KillServer || fault instanceof Fault.KillBroker,
                "fault", "on an rpc workload can only be killServerAt or killBrokerAt (a leader or a consumer is"
                        + " killed, and a broker paused, in a queue case)", fault);
        check(!(fault instanceof Fault.KillBroker k) || k.reconnect(), "fault.reconnect", "must be true to kill the"
                + " broker during calls (clients and servers ride the restart out with their library's own"
                + " reconnection)", false);
        check(fault == null || phase.action() == Action.RPC, fault instanceof Fault.KillServer ? "fault.killServerAt"
                : "fault.killBrokerAt", "needs an rpc phase (a client that waits for replies and retries)",
                phase.action());
        check(!(fault instanceof Fault.KillServer) || rpc.servers() >= 2, "servers", "must be >= 2 to kill a server"
                + " process (half the sessions run in each of two processes; the other answers on)", rpc.servers());
        check(!(fault instanceof Fault.KillServer) || rpc.serverProcesses() != 1, "serverProcesses", "must be 0"
                + " (two) or >= 2 to kill a server process (another one answers on)", rpc.serverProcesses());
        check(rpc.retry() == null || phase.action() == Action.RPC, "retries", "apply to rpc calls (a one-way message"
                + " has no reply to wait for)", phase.action());
    }

    /** How many processes the server sessions run in: 0 for the suite's JVM; two at least for a server kill. */
    public int serverProcesses() {
        return rpc.serverProcesses() == 0 && fault instanceof Fault.KillServer ? 2 : rpc.serverProcesses();
    }

    /** Without a fault. */
    public CallCase(Phase phase, Rpc rpc) {
        this(phase, rpc, null);
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
