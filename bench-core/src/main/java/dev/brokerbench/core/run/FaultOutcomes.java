package dev.brokerbench.core.run;

import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.BrokerCount;
import dev.brokerbench.core.result.FaultOutcome;
import dev.brokerbench.core.spi.Driver;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/** What a fault did, read from the phase it hit and the broker after it. */
final class FaultOutcomes {
    private FaultOutcomes() {
    }

    /**
     * After a publish the fault hit: a killed leader rejoins its cluster; a broker the clients rode out was restarted
     * during the phase; any other killed broker is restarted now, on its data. The broker counts the queue then.
     */
    static FaultOutcome afterPublish(Fault fault, PublishPhase.Outcome out, CellContext cell, String queue)
            throws BrokerStartException {
        BrokerControl control = cell.control();
        if (fault.held().isPresent()) { // begun and ended during the phase: nothing to restart
            return held(fault, out, cell, queue);
        }
        if (out.leaderKill() != null) {
            return leaderKilled(fault, out, control, cell.driver(), queue);
        }
        if (out.reconnect() != null) { // restarted during the phase; the clients reconnected by themselves
            return new FaultOutcome(fault.target(), fault.at(), out.confirmedAtKill(), out.reconnect().restartMillis(),
                    out.reconnect().reconnectMillis(), brokerCount(cell.driver(), queue), control.recoveryStatement());
        }
        long restartMillis = control.restart();
        return new FaultOutcome(fault.target(), fault.at(), out.confirmedAtKill(), OptionalLong.of(restartMillis),
                OptionalLong.empty(), brokerCount(cell.driver(), queue), control.recoveryStatement());
    }

    /**
     * After request/reply during which a server process or the broker was killed: the answers counted at the kill,
     * the longest silence in the answers after it, and the recovery: from the kill to the first answer to a call sent
     * again (a server), or from the broker being ready again to the first answer (the broker, restarted during the
     * phase: its restart time, its statement on what it recovered, and its count of the request queue after the
     * calls, requests nobody took). Empty figures when the phase ended before the kill.
     */
    static FaultOutcome afterCalls(Fault fault, RpcPhase.Kill kill, CellContext cell, String queue) {
        if (kill == null) {
            return new FaultOutcome(fault.target(), fault.at(), OptionalLong.empty(), OptionalLong.empty(),
                    OptionalLong.empty(), null, null);
        }
        OptionalLong silence = kill.outage().map(o -> OptionalLong.of(TimeUnit.NANOSECONDS.toMillis(
                o.silenceNanos()))).orElse(OptionalLong.empty());
        if (kill.reconnect() == null) {
            return new FaultOutcome(fault.target(), fault.at(), OptionalLong.of(kill.answeredAtKill()),
                    OptionalLong.empty(), kill.firstRetriedAnswerMillis(), null, null, kill.process(), silence);
        }
        return new FaultOutcome(fault.target(), fault.at(), OptionalLong.of(kill.answeredAtKill()),
                kill.reconnect().restartMillis(), kill.reconnect().reconnectMillis(),
                brokerCount(cell.driver(), queue), cell.control().recoveryStatement(), null, silence);
    }

    /**
     * After a publish during which a fault held for a stated time (the broker or the leading node paused, the link
     * cut or lossy, the disk full): which node (a paused leader), how long, the silence in the confirmations after it
     * began, from its end to the confirmation that ended that silence, the rates before and during it, and the
     * broker's count of the queue (empty figures when it never came or failed: the phase's errors say which). A
     * broker that stopped meanwhile is started again on its data; so is every broker whose disk was full, the space
     * back, whether it lives or not: a full disk can leave it broken without a word (RabbitMQ's node lived on with a
     * queue that "crashed and failed to restart" and wrote nothing of it to its log for a minute, and a later cell's
     * sends timed out on it). Its restart time says so, the drain counts what it kept on its disk, and the next cell
     * meets a whole broker; whether it recovered by itself shows in the publish (its first confirmation after the
     * space returned).
     */
    private static FaultOutcome held(Fault fault, PublishPhase.Outcome out, CellContext cell, String queue)
            throws BrokerStartException {
        OptionalLong none = OptionalLong.empty();
        boolean whole = cell.control().alive() && !(fault instanceof Fault.FillDisk);
        OptionalLong restart = whole ? none : OptionalLong.of(cell.control().restart());
        Driver driver = cell.driver();
        String node = out.leaderKill() == null ? null : out.leaderKill().node().describe();
        return out.held().map(h -> new FaultOutcome(fault.target(), fault.at(), out.confirmedAtKill(), restart,
                        h.endedAfterMillis(), brokerCount(driver, queue), null, node, h.silenceMillis(),
                        OptionalLong.of(h.heldMillis()), h.rateBefore(), h.rateDuring()))
                .orElseGet(() -> new FaultOutcome(fault.target(), fault.at(), out.confirmedAtKill(), restart, none,
                        brokerCount(driver, queue), null, node, none, none, null, null));
    }

    /**
     * After a drain one of whose consumers was killed: when the others took over, and the broker's count. One paused
     * for a stated time: which process, how long, the silence in the deliveries after it began, the rates before and
     * during it, and from the continue to the last message arriving.
     */
    static FaultOutcome afterConsume(Fault fault, ConsumePhase.Outcome out, Driver driver, String queue) {
        OptionalLong none = OptionalLong.empty();
        if (fault.held().isEmpty()) {
            return new FaultOutcome(fault.target(), fault.at(), out.receivedAtKill(), none, out.recoveryMillis(),
                    brokerCount(driver, queue), null, out.victim());
        }
        BrokerCount count = brokerCount(driver, queue);
        return out.held().map(h -> new FaultOutcome(fault.target(), fault.at(), out.receivedAtKill(), none,
                        lastAfterEnd(out, h), count, null, out.victim(), h.silenceMillis(),
                        OptionalLong.of(h.heldMillis()), h.rateBefore(), h.rateDuring()))
                .orElseGet(() -> new FaultOutcome(fault.target(), fault.at(), out.receivedAtKill(), none, none, count,
                        null, out.victim(), none, none, null, null));
    }

    /** From a consumer's continue to the last message arriving; empty when the last came while it was stopped. */
    private static OptionalLong lastAfterEnd(ConsumePhase.Outcome out, HeldFault.Held held) {
        if (out.recoveryMillis().isEmpty()) {
            return OptionalLong.empty();
        }
        long after = out.recoveryMillis().getAsLong() - held.heldMillis();
        return after >= 0 ? OptionalLong.of(after) : OptionalLong.empty();
    }

    /**
     * After a leader kill: the killed node is started again and rejoins its cluster before the drain (so that the
     * next cell finds the cluster whole); the broker counts the queue then.
     */
    private static FaultOutcome leaderKilled(Fault fault, PublishPhase.Outcome out, BrokerControl control,
                                             Driver driver, String queue) throws BrokerStartException {
        PublishPhase.LeaderKill kill = out.leaderKill();
        OptionalLong failover = kill.outage().map(o -> OptionalLong.of(
                TimeUnit.NANOSECONDS.toMillis(o.resumedAfterKillNanos()))).orElse(OptionalLong.empty());
        OptionalLong rejoin = out.confirmedAtKill().isPresent()
                ? OptionalLong.of(control.cluster().rejoin(kill.node())) : OptionalLong.empty();
        return new FaultOutcome(fault.target(), fault.at(), out.confirmedAtKill(), rejoin, failover,
                brokerCount(driver, queue), null, kill.node().describe());
    }

    /** The broker's own count of the queue, or null where the path cannot ask or the broker did not answer. */
    static BrokerCount brokerCount(Driver driver, String queue) {
        try {
            return driver.brokerCount(queue).orElse(null);
        } catch (Exception e) {
            return null;
        }
    }

    /**
     * What the cell's queue holds before the measured pass (nothing to ask on a topic). The queue is the cell's own, so only the warm-up can have
     * left anything on it: when the warm-up's exact accounting received every message it sent, that is the count
     * (0); otherwise the broker is asked (null where the path cannot ask or the broker did not answer).
     */
    static BrokerCount leftover(ScenarioRunner.Pass warmup, Driver driver, Workload workload) {
        if (warmup == null || workload.fanOut()) {
            return null; // a topic's subscriptions end with their pass: nothing is left to count
        }
        if (warmup.accounting() != null && warmup.accounting().exact()) {
            return new BrokerCount(0, "the warm-up's accounting: every message it sent was received once");
        }
        return queueCount(driver, workload);
    }

    /**
     * What the cell's queue holds after a measured pass whose account lost messages, or held those its drain could
     * not ask for: those still there were held back (late), the rest are gone. Null where nothing was lost or held,
     * on a topic, or where the path cannot ask (or the broker did not answer).
     */
    static BrokerCount remaining(ScenarioRunner.Pass measured, Driver driver, Workload workload) {
        var account = measured.accounting();
        if (account == null || account.lost() == 0 && account.held() == null || workload.fanOut()) {
            return null;
        }
        return queueCount(driver, workload);
    }

    /** The broker's count of the cell's queue, or the sum over its queues; null where it cannot be asked. */
    private static BrokerCount queueCount(Driver driver, Workload workload) {
        String queue = workload.queue();
        if (workload.destinations() == null) {
            return FaultOutcomes.brokerCount(driver, queue);
        }
        long total = 0; // many queues: the sum of the broker's counts, when it counts each
        BrokerCount each = null;
        for (int q = 0; q < workload.destinations().queues(); q++) {
            each = FaultOutcomes.brokerCount(driver, workload.destinations().name(queue, q));
            if (each == null) {
                return null;
            }
            total += each.messages();
        }
        return new BrokerCount(total, each.source() + ", summed over " + workload.destinations().queues()
                + " queues");
    }
}
