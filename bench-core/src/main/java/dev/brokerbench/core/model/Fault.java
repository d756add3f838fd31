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
 */
public record Fault(Double killBrokerAt, Double killConsumerAt) {
    public Fault {
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
        return new Fault(at, null);
    }

    public static Fault killConsumer(double at) {
        return new Fault(null, at);
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
