package dev.brokerbench.core.metrics;

import dev.brokerbench.core.machine.CpuTimes;
import dev.brokerbench.core.result.ClientLimit;
import dev.brokerbench.core.result.ResourceUsage;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * CPU and GC of the suite's own JVM (the load generator), CPU of the broker process and the machine's stolen CPU
 * over a phase, to show who was busy, to flag a phase the client plausibly limited ({@link ClientLimit}) and one
 * the hypervisor slowed.
 */
public final class ResourceMeter {
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final OptionalLong brokerPid;
    private final long wallStart;
    private final long cpuStart;
    private final long gcTimeStart;
    private final long gcCountStart;
    private final long brokerCpuStart;
    private final Optional<CpuTimes> machineStart;

    public ResourceMeter(OptionalLong brokerPid) {
        this.brokerPid = brokerPid;
        this.wallStart = System.nanoTime();
        this.cpuStart = os.getProcessCpuTime();
        this.gcTimeStart = gcTime();
        this.gcCountStart = gcCount();
        this.brokerCpuStart = brokerCpuNanos();
        this.machineStart = CpuTimes.now();
    }

    public ResourceUsage stop() {
        double wall = (System.nanoTime() - wallStart) / 1e9;
        double cpu = (os.getProcessCpuTime() - cpuStart) / 1e9;
        int cores = Runtime.getRuntime().availableProcessors();
        double share = wall > 0 ? cpu / (wall * cores) : 0;
        long brokerCpu = brokerCpuNanos();
        Double brokerSeconds = brokerCpu >= 0 && brokerCpuStart >= 0 ? (brokerCpu - brokerCpuStart) / 1e9 : null;
        Double steal = machineStart.flatMap(start -> CpuTimes.now().flatMap(end -> end.stealShareSince(start)))
                .map(ResourceMeter::round).orElse(null);
        return new ResourceUsage(round(cpu), round(share), gcTime() - gcTimeStart, gcCount() - gcCountStart,
                brokerSeconds == null ? null : round(brokerSeconds), cores,
                ClientLimit.of(cpu, brokerSeconds, wall, cores), steal);
    }

    private long brokerCpuNanos() {
        if (brokerPid.isEmpty()) {
            return -1;
        }
        return ProcessHandle.of(brokerPid.getAsLong()).map(ResourceMeter::treeCpuNanos).orElse(-1L);
    }

    /**
     * CPU of the process and everything it started: a container's first process is often a shell script whose
     * child (e.g. RabbitMQ's Erlang VM) does the work, and the script's own CPU time is zero.
     */
    private static long treeCpuNanos(ProcessHandle root) {
        long own = root.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
        if (own < 0) {
            return -1;
        }
        return own + root.descendants().mapToLong(p -> p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L))
                .sum();
    }

    private static long gcTime() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionTime).filter(t -> t > 0).sum();
    }

    private static long gcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).filter(t -> t > 0).sum();
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
