package dev.brokerbench.core.metrics;

import dev.brokerbench.core.machine.CpuTimes;
import dev.brokerbench.core.result.ClientLimit;
import dev.brokerbench.core.result.ResourceUsage;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * CPU and GC of the suite's own JVM (the load generator), CPU of the broker process and the machine's stolen CPU
 * over a phase's active period, to show who was busy, to flag a phase the client plausibly limited
 * ({@link ClientLimit}) and one the hypervisor slowed.
 *
 * <p>Started before the phase's sessions open, it samples those counters every {@link #SAMPLE_MILLIS} ms on a daemon
 * thread of its own (and once more whenever {@link #sampleNow()} is called, e.g. at the phase's common start), until
 * {@link #close()}. {@link #over} then gives the figures between two instants of the phase, each counter read at
 * either instant by linear interpolation between the samples around it: the CPU of the phase's active period, from
 * the common start (every session open) to its last completion, without the opening and closing of the sessions or
 * a drain's settle, which can take longer than the work (a client busy on a full core during a 2-s drain between
 * 1-s session set-ups would read 0.5 core). An interpolated instant is off by at most what the counter moved in one
 * sample interval. GC counts whole collections: those between the samples around the period.
 */
public final class ResourceMeter implements AutoCloseable {
    /** How often the counters are sampled. */
    public static final long SAMPLE_MILLIS = 50;
    /** How many samples the broker's process tree is kept before its descendants are listed again. */
    private static final int TREE_REFRESH_SAMPLES = 20;

    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final BrokerTree broker;
    private final ServerProcesses servers;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread sampler;
    private volatile boolean closed;

    /** One reading of every counter; -1 where a counter could not be read. */
    private record Sample(long nanos, long clientCpuNanos, long gcMillis, long gcCount, long brokerCpuNanos,
                          long stealTicks, long totalTicks, long serverCpuNanos) {
    }

    private ResourceMeter(Supplier<OptionalLong> brokerPid, List<Long> serverPids) {
        this.broker = new BrokerTree(brokerPid);
        this.servers = new ServerProcesses(serverPids);
        sampleNow();
        this.sampler = new Thread(this::sampleUntilClosed, "resource-meter");
        sampler.setDaemon(true);
    }

    /**
     * A meter sampling from now until {@link #close()}; the broker's CPU is read where its pid is known.
     *
     * @param brokerPid the broker's process now (a fault that restarts the broker changes it)
     */
    public static ResourceMeter start(Supplier<OptionalLong> brokerPid) {
        return start(brokerPid, List.of());
    }

    /**
     * A meter that also reads the CPU of {@code serverPids}, request/reply server sessions in processes of their own
     * (none: the servers run in the suite's JVM).
     */
    public static ResourceMeter start(Supplier<OptionalLong> brokerPid, List<Long> serverPids) {
        ResourceMeter meter = new ResourceMeter(brokerPid, serverPids);
        meter.sampler.start();
        return meter;
    }

    private void sampleUntilClosed() {
        try {
            while (!closed) {
                Thread.sleep(SAMPLE_MILLIS);
                sampleNow();
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    /** Reads every counter now (cheap: a few system calls, the broker's process tree re-listed once a second). */
    public void sampleNow() {
        long nanos = System.nanoTime();
        long cpu = os.getProcessCpuTime();
        long gcMillis = gcTime();
        long gcCount = gcCount();
        long brokerCpu = broker.cpuNanos();
        CpuTimes machine = CpuTimes.now().orElse(null);
        Sample sample = new Sample(nanos, cpu, gcMillis, gcCount, brokerCpu, machine == null ? -1 : machine.steal(),
                machine == null ? -1 : machine.total(), servers.cpuNanos());
        synchronized (samples) {
            if (samples.isEmpty() || samples.get(samples.size() - 1).nanos <= nanos) {
                samples.add(sample);
            }
        }
    }

    /** Stops sampling, with a last sample; the figures stay readable through {@link #over}. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        sampler.interrupt();
        try {
            sampler.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sampleNow();
    }

    /** When the last sample was taken ({@link System#nanoTime()}): after {@link #close()}, the close. */
    public long lastSampleNanos() {
        synchronized (samples) {
            return samples.get(samples.size() - 1).nanos;
        }
    }

    /**
     * Who was busy from {@code fromNanos} to {@code toNanos} ({@link System#nanoTime()} instants within the sampled
     * span; outside it, its ends are taken): CPU of the suite's JVM and share of all cores, the broker's CPU, the
     * share of the machine's CPU time stolen, and whether the client plausibly limited the phase over that period.
     * Stops the sampling first, if it still runs.
     */
    public ResourceUsage over(long fromNanos, long toNanos) {
        close();
        List<Sample> taken;
        synchronized (samples) {
            taken = List.copyOf(samples);
        }
        long to = Math.max(fromNanos, toNanos);
        double wall = (to - fromNanos) / 1e9;
        double cpu = Math.max(0, interpolate(taken, to, Sample::clientCpuNanos)
                - interpolate(taken, fromNanos, Sample::clientCpuNanos)) / 1e9;
        int cores = Runtime.getRuntime().availableProcessors();
        double share = wall > 0 ? cpu / (wall * cores) : 0;
        Double brokerSeconds = known(taken, fromNanos, to, Sample::brokerCpuNanos)
                ? Math.max(0, interpolate(taken, to, Sample::brokerCpuNanos)
                - interpolate(taken, fromNanos, Sample::brokerCpuNanos)) / 1e9 : null;
        Double steal = null;
        if (known(taken, fromNanos, to, Sample::totalTicks)) {
            double ticks = interpolate(taken, to, Sample::totalTicks)
                    - interpolate(taken, fromNanos, Sample::totalTicks);
            double stolen = interpolate(taken, to, Sample::stealTicks) - interpolate(taken, fromNanos,
                    Sample::stealTicks);
            steal = ticks > 0 ? round(Math.max(0, Math.min(1, stolen / ticks))) : null;
        }
        Sample before = atOrBefore(taken, fromNanos);
        Sample after = atOrAfter(taken, to);
        Double serverSeconds = servers.none() ? null : round(Math.max(0, interpolate(taken, to,
                Sample::serverCpuNanos) - interpolate(taken, fromNanos, Sample::serverCpuNanos)) / 1e9);
        return new ResourceUsage(round(cpu), round(share), after.gcMillis - before.gcMillis,
                after.gcCount - before.gcCount, brokerSeconds == null ? null : round(brokerSeconds), cores,
                ClientLimit.of(cpu, brokerSeconds, wall, cores), steal, serverSeconds);
    }

    /** The counter at {@code nanos}, linear between the samples around it; the nearest end outside them. */
    private static double interpolate(List<Sample> samples, long nanos, ToLongFunction<Sample> counter) {
        Sample a = atOrBefore(samples, nanos);
        Sample b = atOrAfter(samples, nanos);
        if (b.nanos == a.nanos) {
            return counter.applyAsLong(a);
        }
        double fraction = (double) (nanos - a.nanos) / (b.nanos - a.nanos);
        return counter.applyAsLong(a) + fraction * (counter.applyAsLong(b) - counter.applyAsLong(a));
    }

    /** Whether the counter could be read at every sample from the one before {@code from} to the one after. */
    private static boolean known(List<Sample> samples, long from, long to, ToLongFunction<Sample> counter) {
        long first = atOrBefore(samples, from).nanos;
        long last = atOrAfter(samples, to).nanos;
        return samples.stream().filter(s -> s.nanos >= first && s.nanos <= last)
                .allMatch(s -> counter.applyAsLong(s) >= 0);
    }

    /** The last sample at or before {@code nanos}; the first sample when none is. */
    private static Sample atOrBefore(List<Sample> samples, long nanos) {
        Sample found = samples.get(0);
        for (Sample s : samples) {
            if (s.nanos > nanos) {
                break;
            }
            found = s;
        }
        return found;
    }

    /** The first sample at or after {@code nanos}; the last sample when none is. */
    private static Sample atOrAfter(List<Sample> samples, long nanos) {
        for (Sample s : samples) {
            if (s.nanos >= nanos) {
                return s;
            }
        }
        return samples.get(samples.size() - 1);
    }

    /**
     * The broker's process and everything it started: a container's first process is often a shell script whose
     * child (e.g. RabbitMQ's Erlang VM) does the work, and the script's own CPU time is zero. Listing descendants
     * reads every process of the machine, so they are listed again only every {@link #TREE_REFRESH_SAMPLES} samples.
     * A broker that a fault killed and started again is a new process: the CPU of each of its processes counts as last
     * read while it ran, so the figure never falls, and a phase that spans a restart counts both.
     */
    private static final class BrokerTree {
        private final Supplier<OptionalLong> pid;
        private long rootPid = -1;
        private ProcessHandle root;
        private List<ProcessHandle> descendants = List.of();
        private int sinceListed = TREE_REFRESH_SAMPLES;
        private int sinceAsked;
        /** The CPU of the broker's earlier processes (before a restart), as last read. */
        private long earlierNanos;
        /** The last reading of the current process's tree. */
        private long lastNanos;

        BrokerTree(Supplier<OptionalLong> pid) {
            this.pid = pid;
        }

        /**
         * CPU of the tree in nanoseconds, over every process the broker ran as; -1 while no pid was ever known. The
         * pid is asked for (which may cost a call to a container engine) at the first reading and then only while the
         * process last known is gone, once every {@link #TREE_REFRESH_SAMPLES} readings.
         */
        synchronized long cpuNanos() {
            boolean gone = root == null || !root.isAlive();
            if (gone && (rootPid < 0 || ++sinceAsked >= TREE_REFRESH_SAMPLES)) {
                sinceAsked = 0;
                OptionalLong now = pid.get();
                if (now.isPresent() && now.getAsLong() != rootPid) { // the first reading, or a restart
                    earlierNanos += lastNanos;
                    lastNanos = 0;
                    rootPid = now.getAsLong();
                    root = ProcessHandle.of(rootPid).orElse(null);
                    descendants = List.of();
                    sinceListed = TREE_REFRESH_SAMPLES;
                }
            }
            if (rootPid < 0) {
                return -1;
            }
            long own = root == null ? -1 : cpuNanos(root);
            if (own >= 0) { // gone (killed, not yet started again): its last reading holds
                if (++sinceListed >= TREE_REFRESH_SAMPLES) {
                    descendants = root.descendants().toList();
                    sinceListed = 0;
                }
                long tree = own + descendants.stream().mapToLong(p -> Math.max(0, cpuNanos(p))).sum();
                lastNanos = Math.max(lastNanos, tree); // a descendant that ended takes its CPU with it
            }
            return earlierNanos + lastNanos;
        }

        private static long cpuNanos(ProcessHandle process) {
            return process.isAlive() ? process.info().totalCpuDuration().map(java.time.Duration::toNanos)
                    .orElse(-1L) : -1L;
        }
    }

    /**
     * Request/reply server sessions in processes of their own: the sum of their CPU, each process's last reading kept
     * once it is gone (a killed server's CPU counts up to its death, so the sum never falls).
     */
    private static final class ServerProcesses {
        private final List<ProcessHandle> processes;
        private final long[] last;

        ServerProcesses(List<Long> pids) {
            this.processes = pids.stream().map(ProcessHandle::of).flatMap(java.util.Optional::stream).toList();
            this.last = new long[processes.size()];
        }

        boolean none() {
            return processes.isEmpty();
        }

        synchronized long cpuNanos() {
            long sum = 0;
            for (int i = 0; i < processes.size(); i++) {
                long now = BrokerTree.cpuNanos(processes.get(i));
                last[i] = Math.max(last[i], now);
                sum += last[i];
            }
            return sum;
        }
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
