package dev.brokerbench.core.result;

/**
 * Who was busy during a phase.
 *
 * @param clientCpuSeconds CPU time of the suite's JVM (all client threads and the harness)
 * @param clientCpuShare   that time over wall time x cores (1.0 = every core busy)
 * @param clientGcMillis   GC time of the suite's JVM
 * @param clientGcCount    GC runs of the suite's JVM
 * @param brokerCpuSeconds CPU time of the broker process, when the runtime knows its pid
 * @param cores            cores the suite saw
 * @param clientSaturated  the load generator used {@code >= 80 %} of all cores: its figures may be its own limit
 */
public record ResourceUsage(double clientCpuSeconds, double clientCpuShare, long clientGcMillis, long clientGcCount,
                            Double brokerCpuSeconds, int cores, boolean clientSaturated) {
}
