package dev.brokerbench.core.broker;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What every runtime needs to start a broker.
 *
 * @param distributionDir where the build unpacked the broker distributions ({@code broker-dist/})
 * @param workRoot        parent of each broker's own data directory; deleted when the suite stops
 * @param startTimeout    how long a broker may take to become ready
 * @param heap            JVM heap for JVM brokers, e.g. {@code 2g} (the same for every broker)
 * @param network         where each broker started sits on the network, and the link's conditions
 * @param heapPolicy      how JVM brokers set their heap: fixed and pre-touched, or growing
 * @param cpus            which cores local brokers run on
 * @param dataFilesystemBytes each local broker's data on a filesystem of its own of this size (a disk that can fill
 *                        without touching the machine's, for a disk-full fault); empty: on the work root's own
 */
public record BrokerEnvironment(Path distributionDir, Path workRoot, Duration startTimeout, String heap,
                                NetworkPath network, HeapPolicy heapPolicy, CpuSplit cpus,
                                java.util.OptionalLong dataFilesystemBytes) {

    public BrokerEnvironment {
        java.util.Objects.requireNonNull(network, "network (NetworkPath.LOOPBACK for the suite's own stack)");
        java.util.Objects.requireNonNull(heapPolicy, "heapPolicy");
        java.util.Objects.requireNonNull(cpus, "cpus (CpuSplit.SHARED for every core)");
        java.util.Objects.requireNonNull(dataFilesystemBytes, "dataFilesystemBytes (empty for the work root's own)");
    }

    /** Each broker's data on the work root's own filesystem. */
    public BrokerEnvironment(Path distributionDir, Path workRoot, Duration startTimeout, String heap,
                             NetworkPath network, HeapPolicy heapPolicy, CpuSplit cpus) {
        this(distributionDir, workRoot, startTimeout, heap, network, heapPolicy, cpus, java.util.OptionalLong.empty());
    }

    /** The same, each local broker's data on a filesystem of its own of {@code bytes}. */
    public BrokerEnvironment withDataFilesystem(long bytes) {
        return new BrokerEnvironment(distributionDir, workRoot, startTimeout, heap, network, heapPolicy, cpus,
                java.util.OptionalLong.of(bytes));
    }

    /** Brokers placed by {@code network}, heaps growing, cores shared. */
    public BrokerEnvironment(Path distributionDir, Path workRoot, Duration startTimeout, String heap,
                             NetworkPath network) {
        this(distributionDir, workRoot, startTimeout, heap, network, HeapPolicy.GROWING, CpuSplit.SHARED);
    }

    /** Brokers on the suite's own network stack, over loopback, heaps growing. */
    public BrokerEnvironment(Path distributionDir, Path workRoot, Duration startTimeout, String heap) {
        this(distributionDir, workRoot, startTimeout, heap, NetworkPath.LOOPBACK);
    }

    /** The JVM heap flags of every JVM broker. */
    public java.util.List<String> heapFlags() {
        return heapPolicy.flags(heap);
    }

    /**
     * The memory budget every broker gets, in bytes: the JVM brokers' heap, and RabbitMQ's memory high watermark as
     * an absolute value. Each broker keeps messages in memory up to about half of it (Artemis global-max-size, Classic
     * memory limit, RabbitMQ's paging ratio 0.5) and then pages to disk or slows producers.
     */
    public long memoryBudgetBytes() {
        if (heap == null || !heap.matches("[1-9][0-9]*[mMgG]")) {
            throw new IllegalArgumentException("heap must be like 512m or 2g, got " + heap);
        }
        long n = Long.parseLong(heap.substring(0, heap.length() - 1));
        return Character.toLowerCase(heap.charAt(heap.length() - 1)) == 'g' ? n << 30 : n << 20;
    }
}
