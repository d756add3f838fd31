package dev.brokerbench.core.model;

/**
 * A fault injected into the reported publish phase: kill -9 the broker once this fraction of the phase's messages
 * were confirmed, then restart it on the same data before the drain, which reconciles every sequence number.
 *
 * @param killBrokerAt fraction of the publish phase's messages confirmed when the broker is killed, in (0, 1)
 */
public record Fault(double killBrokerAt) {
    public Fault {
        InvalidConfigException.check(killBrokerAt > 0 && killBrokerAt < 1, "fault.killBrokerAt",
                "must be between 0 and 1 (exclusive)", killBrokerAt);
    }
}
