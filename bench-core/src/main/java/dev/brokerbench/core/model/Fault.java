package dev.brokerbench.core.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A fault injected into the measured pass: the broker or one consumer process is killed with {@code kill -9} once a
 * fraction of the reported phase is done. Written (YAML) and stored (JSON) as its {@link WorkloadFile.FaultFile}
 * form, {@code {killBrokerAt: 0.5, reconnect: true}} or {@code {killConsumerAt: 0.5}}.
 */
public sealed interface Fault permits Fault.KillBroker, Fault.KillConsumer {

    /** What a fault kills. */
    enum Target {
        @JsonProperty("broker") BROKER,
        @JsonProperty("consumer") CONSUMER
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

    /** The fraction of the phase at which it kills. */
    double at();

    Target target();

    static Fault killBroker(double at) {
        return new KillBroker(at, false);
    }

    static Fault killConsumer(double at) {
        return new KillConsumer(at);
    }

    /** Whether the clients are configured to reconnect by themselves (only a broker kill can ask for it). */
    static boolean reconnects(Fault fault) {
        return fault instanceof KillBroker k && k.reconnect();
    }

    /** The written form, for YAML and the stored results. */
    @JsonValue
    default WorkloadFile.FaultFile file() {
        return this instanceof KillBroker k
                ? new WorkloadFile.FaultFile(k.at(), null, k.reconnect() ? Boolean.TRUE : null)
                : new WorkloadFile.FaultFile(null, at(), null);
    }

    /** Reads the written form: exactly one of killBrokerAt, killConsumerAt; reconnect only with killBrokerAt. */
    @JsonCreator
    static Fault of(WorkloadFile.FaultFile file) {
        boolean reconnect = Boolean.TRUE.equals(file.reconnect());
        InvalidConfigException.check(!reconnect || file.killBrokerAt() != null, "fault.reconnect",
                "needs killBrokerAt (the clients reconnect to the restarted broker)", reconnect);
        InvalidConfigException.check((file.killBrokerAt() == null) != (file.killConsumerAt() == null), "fault",
                "set exactly one of killBrokerAt, killConsumerAt", null);
        return file.killBrokerAt() != null ? new KillBroker(file.killBrokerAt(), reconnect)
                : new KillConsumer(file.killConsumerAt());
    }

    private static void checkFraction(double at, String option) {
        InvalidConfigException.check(at > 0 && at < 1, option, "must be between 0 and 1 (exclusive)", at);
    }
}
