package dev.brokerbench.core.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A fault injected into the measured pass: the broker, the node leading the queue of a clustered broker, or one
 * consumer process is killed with {@code kill -9} once a fraction of the reported phase is done. Written (YAML) and
 * stored (JSON) as its {@link WorkloadFile.FaultFile} form, {@code {killBrokerAt: 0.5, reconnect: true}},
 * {@code {killLeaderAt: 0.5}}, {@code {killConsumerAt: 0.5}} or, for request/reply, {@code {killServerAt: 0.5}}.
 */
public sealed interface Fault permits Fault.KillBroker, Fault.KillLeader, Fault.KillConsumer, Fault.KillServer {

    /** What a fault kills. */
    enum Target {
        @JsonProperty("broker") BROKER,
        @JsonProperty("leader") LEADER,
        @JsonProperty("consumer") CONSUMER,
        @JsonProperty("server") SERVER
    }

    /**
     * Kill -9 the broker once this fraction of the reported publish phase's messages were confirmed, then restart it
     * on the same data before the drain, which reconciles every sequence number.
     *
     * @param at        in (0, 1)
     * @param reconnect the broker is restarted at once and the clients, configured with their library's own
     *                  reconnection, keep publishing through the outage; the time from the broker being ready again
     *                  to the first confirmed send is measured
     */
    record KillBroker(double at, boolean reconnect) implements Fault {
        public KillBroker {
            checkFraction(at, "fault.killBrokerAt");
        }

        @Override
        public Target target() {
            return Target.BROKER;
        }
    }

    /**
     * Kill -9 the node of a clustered broker that leads the cell's queue (RabbitMQ: the quorum queue's leader;
     * Artemis: the active server of a primary/backup pair) once this fraction of the reported publish phase's
     * messages were confirmed. The other nodes carry on: the clients, configured with their library's own failover
     * and given every node's address, move to them by themselves, and a send that fails meanwhile is sent again (a
     * resend of a message that did arrive shows as a duplicate). The killed node is started again after the phase
     * and rejoins before the drain, which reconciles every sequence number. Measured: from the kill to the first
     * confirmation after the silence it caused.
     *
     * @param at in (0, 1)
     */
    record KillLeader(double at) implements Fault {
        public KillLeader {
            checkFraction(at, "fault.killLeaderAt");
        }

        @Override
        public Target target() {
            return Target.LEADER;
        }
    }

    /**
     * Kill -9 the first of the consume phase's consumers (each in its own process) once this fraction of the
     * messages arrived; the others drain the rest, and every sequence number is reconciled (redeliveries counted).
     *
     * @param at in (0, 1)
     */
    record KillConsumer(double at) implements Fault {
        public KillConsumer {
            checkFraction(at, "fault.killConsumerAt");
        }

        @Override
        public Target target() {
            return Target.CONSUMER;
        }
    }

    /**
     * Request/reply: the server sessions run in two processes of their own (half the sessions each); kill -9 the first
     * once this fraction of the calls were answered. The other process goes on answering; a call whose request died
     * with the killed process times out and is sent again by its client ({@link Rpc.Retry}), so every call is still
     * answered, some twice (a retried call whose first answer was only late).
     *
     * @param at in (0, 1)
     */
    record KillServer(double at) implements Fault {
        public KillServer {
            checkFraction(at, "fault.killServerAt");
        }

        @Override
        public Target target() {
            return Target.SERVER;
        }
    }

    /** The fraction of the phase at which it kills. */
    double at();

    Target target();

    static Fault killBroker(double at) {
        return new KillBroker(at, false);
    }

    static Fault killConsumer(double at) {
        return new KillConsumer(at);
    }

    static Fault killLeader(double at) {
        return new KillLeader(at);
    }

    /**
     * Whether the clients are configured to reconnect by themselves: a broker kill that asks for it, and every leader
     * kill (the clients fail over to the other nodes).
     */
    static boolean reconnects(Fault fault) {
        return fault instanceof KillBroker k && k.reconnect() || fault instanceof KillLeader;
    }

    /** Whether it kills during the reported publish phase (a broker or a leader), not during the drain. */
    default boolean duringPublish() {
        return target() == Target.BROKER || target() == Target.LEADER;
    }

    /** The written form, for YAML and the stored results. */
    @JsonValue
    default WorkloadFile.FaultFile file() {
        if (this instanceof KillBroker k) {
            return new WorkloadFile.FaultFile(k.at(), null, null, null, k.reconnect() ? Boolean.TRUE : null);
        }
        return switch (target()) {
            case LEADER -> new WorkloadFile.FaultFile(null, at(), null, null, null);
            case CONSUMER -> new WorkloadFile.FaultFile(null, null, at(), null, null);
            case SERVER -> new WorkloadFile.FaultFile(null, null, null, at(), null);
            case BROKER -> throw new IllegalStateException("a broker kill is a KillBroker");
        };
    }

    /**
     * Reads the written form: exactly one of killBrokerAt, killLeaderAt, killConsumerAt, killServerAt; reconnect only
     * with killBrokerAt.
     */
    @JsonCreator
    static Fault of(WorkloadFile.FaultFile file) {
        boolean reconnect = Boolean.TRUE.equals(file.reconnect());
        InvalidConfigException.check(!reconnect || file.killBrokerAt() != null, "fault.reconnect",
                "needs killBrokerAt (the clients reconnect to the restarted broker; after killLeaderAt they always"
                        + " fail over)", reconnect);
        int given = (file.killBrokerAt() == null ? 0 : 1) + (file.killLeaderAt() == null ? 0 : 1)
                + (file.killConsumerAt() == null ? 0 : 1) + (file.killServerAt() == null ? 0 : 1);
        InvalidConfigException.check(given == 1, "fault", "set exactly one of killBrokerAt, killLeaderAt,"
                + " killConsumerAt, killServerAt", null);
        if (file.killBrokerAt() != null) {
            return new KillBroker(file.killBrokerAt(), reconnect);
        }
        if (file.killServerAt() != null) {
            return new KillServer(file.killServerAt());
        }
        return file.killLeaderAt() != null ? new KillLeader(file.killLeaderAt())
                : new KillConsumer(file.killConsumerAt());
    }

    private static void checkFraction(double at, String option) {
        InvalidConfigException.check(at > 0 && at < 1, option, "must be between 0 and 1 (exclusive)", at);
    }
}
