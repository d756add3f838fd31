package dev.brokerbench.core.broker;

import java.util.List;

/**
 * Which cores the local brokers and the suite (the load generator) run on. Shared: wherever the kernel puts them.
 * Split: the brokers on the upper half of the cores, the suite on the lower half ({@code taskset}), so that neither
 * takes the other's core in the middle of a phase; a broker then has half the machine.
 *
 * @param brokerCpus the brokers' CPU list for {@code taskset -c} (e.g. {@code 1}); null when shared
 * @param suiteCpus  the suite's CPU list; null when shared
 */
public record CpuSplit(String brokerCpus, String suiteCpus) {
    /** Brokers and suite share every core. */
    public static final CpuSplit SHARED = new CpuSplit(null, null);

    public CpuSplit {
        if ((brokerCpus == null) != (suiteCpus == null)) {
            throw new IllegalArgumentException("brokerCpus and suiteCpus must both be set or both be null");
        }
    }

    /** The brokers on cores {@code cores/2 .. cores-1}, the suite on {@code 0 .. cores/2-1}. */
    public static CpuSplit halves(int cores) {
        if (cores < 2) {
            throw new IllegalArgumentException("cores must be >= 2 to split, got " + cores);
        }
        int half = cores / 2;
        return new CpuSplit(range(half, cores - 1), range(0, half - 1));
    }

    private static String range(int from, int to) {
        return from == to ? String.valueOf(from) : from + "-" + to;
    }

    public boolean split() {
        return brokerCpus != null;
    }

    /** What starts a broker's command on its cores: {@code taskset -c CPUS}, or nothing when shared. */
    public List<String> brokerPrefix() {
        return split() ? List.of("taskset", "-c", brokerCpus) : List.of();
    }

    /** {@code command} started on the brokers' cores. */
    public List<String> onBrokerCpus(List<String> command) {
        if (!split()) {
            return command;
        }
        List<String> all = new java.util.ArrayList<>(brokerPrefix());
        all.addAll(command);
        return all;
    }

    /** For a settings record or a console line. */
    public String describe() {
        return split() ? "brokers on CPU " + brokerCpus + ", the suite on CPU " + suiteCpus + " (taskset)"
                : "shared (brokers and the suite on every core)";
    }
}
