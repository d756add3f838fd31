package dev.brokerbench.core.result;

/**
 * Whether the load generator plausibly limited a phase, and by which rule (the first that applies, in this order).
 * Broker and clients share the machine's cores, so the client can be the limit long before it uses every core.
 */
public enum ClientLimit {
    /** No sign that the client limited the figure. */
    NONE(""),
    /** The suite's JVM used 80 % or more of all cores. */
    ALL_CORES("the load generator used 80 % or more of all cores"),
    /** The suite's JVM used 90 % of a core or more: one busy client thread (or the harness) may be the limit. */
    FULL_CORE("the load generator used a full core"),
    /** The suite's JVM used more CPU than the broker it measured. */
    BUSIER_THAN_BROKER("the load generator used more CPU than the broker");

    /** All-cores share from which {@link #ALL_CORES} applies. */
    public static final double ALL_CORES_SHARE = 0.8;
    /** Cores' worth of CPU from which {@link #FULL_CORE} applies. */
    public static final double FULL_CORE_SHARE = 0.9;

    private final String reason;

    ClientLimit(String reason) {
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }

    /**
     * @param clientCpuSeconds the suite JVM's CPU time over the phase's active period (its common start to its last
     *                         completion: session set-up and closing would dilute a busy client's share)
     * @param brokerCpuSeconds the broker's over the same period, or null when unknown
     * @param wallSeconds      the active period's wall time
     * @param cores            cores of the machine
     */
    public static ClientLimit of(double clientCpuSeconds, Double brokerCpuSeconds, double wallSeconds, int cores) {
        if (wallSeconds <= 0) {
            return NONE;
        }
        double coresUsed = clientCpuSeconds / wallSeconds;
        if (coresUsed >= ALL_CORES_SHARE * cores) {
            return ALL_CORES;
        }
        if (coresUsed >= FULL_CORE_SHARE) {
            return FULL_CORE;
        }
        if (brokerCpuSeconds != null && clientCpuSeconds > brokerCpuSeconds) {
            return BUSIER_THAN_BROKER;
        }
        return NONE;
    }
}
