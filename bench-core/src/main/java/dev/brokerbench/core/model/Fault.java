package dev.brokerbench.core.model;

/**
 * A fault injected into the measured pass; exactly one of the two is set.
 *
 * @param killBrokerAt   kill -9 the broker once this fraction of the reported publish phase's messages were confirmed,
 *                       then restart it on the same data before the drain, which reconciles every sequence number;
 *                       in (0, 1)
 * @param killConsumerAt kill -9 the first of the consume phase's consumers (each in its own process) once this
 *                       fraction of the messages arrived; the others drain the rest, and every sequence number is
 *                       reconciled (redeliveries counted); in (0, 1)
 * @param reconnect      with killBrokerAt: the broker is restarted at once and the clients, configured with their
 *                       library's own reconnection, keep publishing through the outage; the time from the broker
 *                       being ready again to the first confirmed send is measured
 */
public record Fault(Double killBrokerAt, Double killConsumerAt, boolean reconnect) {
    public Fault {
        InvalidConfigException.check(!reconnect || killBrokerAt != null, "fault.reconnect",
                "needs killBrokerAt (the clients reconnect to the restarted broker)", reconnect);
        InvalidConfigException.check((killBrokerAt == null) != (killConsumerAt == null), "fault",
                "set exactly one of killBrokerAt, killConsumerAt", null);
        if (killBrokerAt != null) {
            InvalidConfigException.check(killBrokerAt > 0 && killBrokerAt < 1, "fault.killBrokerAt",
                    "must be between 0 and 1 (exclusive)", killBrokerAt);
        }
        if (killConsumerAt != null) {
            InvalidConfigException.check(killConsumerAt > 0 && killConsumerAt < 1, "fault.killConsumerAt",
                    "must be between 0 and 1 (exclusive)", killConsumerAt);
        }
    }

    public static Fault killBroker(double at) {
        return new Fault(at, null, false);
    }

    public static Fault killConsumer(double at) {
        return new Fault(null, at, false);
    }

    public boolean killsBroker() {
        return killBrokerAt != null;
    }

    public boolean killsConsumer() {
        return killConsumerAt != null;
    }

    /** What is killed: {@code broker} or {@code consumer}. */
    public String target() {
        return killsBroker() ? "broker" : "consumer";
    }

    /** The fraction of the phase at which it is killed. */
    public double at() {
        return killsBroker() ? killBrokerAt : killConsumerAt;
    }
}
