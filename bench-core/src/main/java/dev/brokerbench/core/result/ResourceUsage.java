package dev.brokerbench.core.result;

/**
 * Who was busy during a phase's active period: from its common start (every session open) to its last completion,
 * the period its rates are over; the opening and closing of sessions, a Kafka group's join and a drain's settle are
 * outside it. Until 2026-11-26 the figures spanned the whole phase, from before its sessions opened to after they
 * closed.
 *
 * @param clientCpuSeconds CPU time of the suite's JVM (all client threads and the harness) over the active period
 * @param clientCpuShare   that time over the active period's wall time x cores (1.0 = every core busy)
 * @param clientGcMillis   GC time of the suite's JVM over the active period (whole collections, give or take one
 *                         sample interval of the meter at either end)
 * @param clientGcCount    GC runs of the suite's JVM over the active period (the same)
 * @param brokerCpuSeconds CPU time of the broker process over the active period, when the runtime knows its pid
 * @param cores            cores the suite saw
 * @param clientLimit      whether (and by which rule) the load generator plausibly limited the figure, judged over
 *                         the active period
 * @param stealShare       share of the machine's CPU time the hypervisor gave to other guests over the active period
 *                         ({@code /proc/stat}); null where the machine does not say (not Linux, results from before)
 * @param serverCpuSeconds request/reply whose server sessions ran in processes of their own: their CPU time over the
 *                         active period (a killed one's up to its death); null where the servers ran in the suite's
 *                         JVM, whose CPU then includes them
 */
public record ResourceUsage(double clientCpuSeconds, double clientCpuShare, long clientGcMillis, long clientGcCount,
                            Double brokerCpuSeconds, int cores, ClientLimit clientLimit, Double stealShare,
                            @com.fasterxml.jackson.annotation.JsonInclude(
                                    com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                            Double serverCpuSeconds) {

    /** Servers in the suite's JVM (or no servers). */
    public ResourceUsage(double clientCpuSeconds, double clientCpuShare, long clientGcMillis, long clientGcCount,
                         Double brokerCpuSeconds, int cores, ClientLimit clientLimit, Double stealShare) {
        this(clientCpuSeconds, clientCpuShare, clientGcMillis, clientGcCount, brokerCpuSeconds, cores, clientLimit,
                stealShare, null);
    }

    /** The load generator plausibly limited the figure (results written before this rule existed: never). */
    public boolean clientSaturated() {
        return clientLimit != null && clientLimit != ClientLimit.NONE;
    }

    /** Client CPU per completed message in µs, or NaN without completions. */
    public double clientMicrosPerMessage(long completed) {
        return completed > 0 ? clientCpuSeconds * 1e6 / completed : Double.NaN;
    }

    /** Server processes' CPU per completed call in µs, or NaN when they ran in the suite or without completions. */
    public double serverMicrosPerMessage(long completed) {
        return completed > 0 && serverCpuSeconds != null ? serverCpuSeconds * 1e6 / completed : Double.NaN;
    }

    /** Broker CPU per completed message in µs, or NaN when unknown or without completions. */
    public double brokerMicrosPerMessage(long completed) {
        return completed > 0 && brokerCpuSeconds != null ? brokerCpuSeconds * 1e6 / completed : Double.NaN;
    }
}
