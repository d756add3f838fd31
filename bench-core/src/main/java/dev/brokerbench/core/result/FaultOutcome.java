package dev.brokerbench.core.result;

import dev.brokerbench.core.io.Required;
import dev.brokerbench.core.model.Fault;
import java.util.OptionalLong;

/**
 * What a fault did.
 *
 * @param killed        the broker (kill -9 mid-publish, then restart), the node leading the queue of a clustered
 *                      broker (kill -9 mid-publish; the clients fail over; the node rejoins after the publish) or a
 *                      consumer (kill -9 of one consumer process mid-drain; the others go on) or a request/reply
 *                      server process (kill -9 of one of two mid-run; the other answers on, the clients retry)
 * @param at            the fraction of the phase at which it was to be killed
 * @param countAtKill   when kill -9 was sent: confirmations counted (broker), messages received (consumer) or calls
 *                      answered (server); empty when the phase ended before the threshold
 * @param restartMillis from the restart command to the broker being ready again on the same data (a killed leader:
 *                      back in its cluster); empty when nothing was restarted (consumer kill)
 * @param recoveryMillis consumer kill: from the kill to the last message arriving at the surviving consumers (what
 *                      the dead one held had to be released and redelivered); broker kill ridden out with the
 *                      clients' own reconnection: from the broker being ready again to the first confirmed send;
 *                      leader kill: from the kill to the first confirmation that ended the longest silence after it
 *                      (the failover as the publishers saw it); server kill: from the kill to the first answer to a
 *                      call sent again; consumer pause: from SIGCONT to the last message arriving (empty when it
 *                      came while the consumer was stopped); otherwise empty
 * @param brokerCount   the broker's own count of the queue's messages: after its restart and before the drain
 *                      (broker kill), or after the drain (consumer kill or pause); null where the path cannot ask
 * @param brokerRecovery the broker's own log line, after a broker kill, on what it recovered at the restart (e.g.
 *                      RabbitMQ's "Recovering 0 queues of type rabbit_classic_queue": the queue did not come back);
 *                      null for a consumer kill or a broker that makes no such statement
 * @param node          a leader kill or pause: which node, e.g. {@code node 1 (rabbit-1@localhost)}; a consumer
 *                      kill or pause: which process, e.g. {@code consumer process 1 of 2 (pid 4242)}; a server
 *                      kill: which process, e.g. {@code server process 1 of 2 (pid 4242, 2 sessions)}; else null
 * @param silenceMillis a server kill: the longest silence in the answers after the kill (the calls the killed
 *                      process held waited out their timeout meanwhile, other clients' calls went on); a fault
 *                      that held (a pause, a cut or lossy link): the longest silence in the confirmations after it
 *                      began; else empty
 * @param heldMillis    a fault that held for a stated time: from its beginning to its end (SIGSTOP to SIGCONT, cut
 *                      to heal; then {@code killed} is what it struck, which was not killed, {@code countAtKill} the
 *                      confirmations when it began and {@code recoveryMillis} from its end to the confirmation that
 *                      ended the longest silence); empty for a kill
 * @param rateBefore    a fault that held: confirmations per second from the phase's start to its beginning; else null
 * @param rateDuring    a fault that held: confirmations per second while it held; else null
 */
public record FaultOutcome(@Required Fault.Target killed, double at, OptionalLong countAtKill,
                           OptionalLong restartMillis, OptionalLong recoveryMillis, BrokerCount brokerCount,
                           String brokerRecovery, String node, OptionalLong silenceMillis,
                           OptionalLong heldMillis, Double rateBefore, Double rateDuring) {
    /** A fault that killed no particular node (the broker, a consumer). */
    public FaultOutcome(Fault.Target killed, double at, OptionalLong countAtKill, OptionalLong restartMillis,
                        OptionalLong recoveryMillis, BrokerCount brokerCount, String brokerRecovery) {
        this(killed, at, countAtKill, restartMillis, recoveryMillis, brokerCount, brokerRecovery, null);
    }

    /** A fault on a broker or a node, no silence of its own measured. */
    public FaultOutcome(Fault.Target killed, double at, OptionalLong countAtKill, OptionalLong restartMillis,
                        OptionalLong recoveryMillis, BrokerCount brokerCount, String brokerRecovery, String node) {
        this(killed, at, countAtKill, restartMillis, recoveryMillis, brokerCount, brokerRecovery, node,
                OptionalLong.empty());
    }

    /** A kill whose silence was measured (of a server, or of the broker during calls). */
    public FaultOutcome(Fault.Target killed, double at, OptionalLong countAtKill, OptionalLong restartMillis,
                        OptionalLong recoveryMillis, BrokerCount brokerCount, String brokerRecovery, String node,
                        OptionalLong silenceMillis) {
        this(killed, at, countAtKill, restartMillis, recoveryMillis, brokerCount, brokerRecovery, node,
                silenceMillis, OptionalLong.empty(), null, null);
    }

    /** Results stored before these were optional wrote -1 for "none"; results before silences have none. */
    public FaultOutcome {
        countAtKill = present(countAtKill);
        restartMillis = present(restartMillis);
        recoveryMillis = present(recoveryMillis);
        silenceMillis = present(silenceMillis);
        heldMillis = present(heldMillis);
    }


    /**
     * A kill meant for the middle of a publish that came after it: when it was sent, every message the phase had sent
     * was already confirmed (a small phase can fit in the async window whole, and a broker may confirm it in one
     * batch), so nothing was in flight and the cell shows only that confirmed messages survive the kill.
     */
    public boolean cameAfterPublish(Accounting accounting) {
        return killed != Fault.Target.CONSUMER && killed != Fault.Target.SERVER && accounting != null
                && countAtKill.isPresent()
                && countAtKill.getAsLong() >= accounting.sent();
    }

    private static OptionalLong present(OptionalLong value) {
        return value == null || value.isEmpty() || value.getAsLong() < 0 ? OptionalLong.empty() : value;
    }
}
