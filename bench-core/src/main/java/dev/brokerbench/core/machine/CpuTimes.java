package dev.brokerbench.core.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The machine's CPU time counters from the first line of {@code /proc/stat} (all cores, in clock ticks), read before
 * and after a phase to tell how much of the machine's CPU the hypervisor gave to someone else: on a virtual machine
 * that share ("steal") is time in which neither the broker nor the client could run, whatever they asked for.
 *
 * @param steal ticks in which a virtual CPU wanted to run and the hypervisor ran another guest
 * @param total ticks of every kind (user, nice, system, idle, iowait, irq, softirq, steal)
 */
public record CpuTimes(long steal, long total) {
    private static final Path PROC_STAT = Path.of("/proc/stat");
    private static final int STEAL = 7;
    private static final int COUNTED = 8;

    public CpuTimes {
        if (steal < 0 || total < steal) {
            throw new IllegalArgumentException("steal must be 0..total, got steal " + steal + " of " + total);
        }
    }

    /** Now, where the machine has a {@code /proc/stat} (Linux); empty elsewhere or when it cannot be read. */
    public static Optional<CpuTimes> now() {
        try {
            return Files.isReadable(PROC_STAT) ? parse(Files.readAllLines(PROC_STAT)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The aggregate {@code cpu} line of a {@code /proc/stat} text; empty when there is none. */
    static Optional<CpuTimes> parse(List<String> procStat) {
        return procStat.stream().filter(line -> line.startsWith("cpu ")).findFirst().map(line -> {
            long[] ticks = Arrays.stream(line.substring(4).trim().split("\\s+")).mapToLong(Long::parseLong).toArray();
            long[] counted = Arrays.copyOf(ticks, COUNTED); // guest time is already inside user and nice
            return new CpuTimes(counted[STEAL], Arrays.stream(counted).sum());
        });
    }

    /** The share of the machine's CPU time stolen between {@code earlier} and this; empty when no tick passed. */
    public Optional<Double> stealShareSince(CpuTimes earlier) {
        long ticks = total - earlier.total;
        return ticks > 0 ? Optional.of((double) (steal - earlier.steal) / ticks) : Optional.empty();
    }
}
