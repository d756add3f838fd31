package dev.brokerbench.core.machine;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * The suite's own speed at the start of a run, so that a run whose every figure moved can be told apart: a slower
 * machine slows the CPU reference and the harness alike; a slower harness (the suite's own send, receive and
 * accounting code) slows the harness reference against the CPU's; slower brokers or disk slow neither.
 *
 * @param cpu     rounds of a fixed CPU-bound task on one thread (SHA-256 over a 1 MiB buffer), MB/s
 * @param harness rounds of the suite's runner through its in-JVM loopback broker (four clients, async publish and
 *                drain, accounting and histograms on), msg/s: the geometric mean of the two phases' rates
 */
public record HarnessReference(List<Double> cpu, List<Double> harness) {
    /** Rounds of each measure that count. */
    public static final int ROUNDS = 5;
    /**
     * Rounds of each measure run first and discarded: the JIT compiles the suite's runner over several of them (one
     * discarded round left the five that counted climbing from 4.1 to 7.8 M msg/s).
     */
    public static final int DISCARDED = 3;

    public HarnessReference {
        cpu = List.copyOf(cpu);
        harness = List.copyOf(harness);
    }

    /**
     * Measures: {@link #ROUNDS} rounds of the CPU task of about {@code cpuMillis} each, and of {@code harnessRound}
     * (one run of the suite's loopback, returning msg/s), each preceded by {@link #DISCARDED} discarded rounds.
     */
    public static HarnessReference measure(long cpuMillis, DoubleSupplier harnessRound) {
        List<Double> cpu = new ArrayList<>();
        List<Double> harness = new ArrayList<>();
        for (int i = 0; i < DISCARDED; i++) {
            cpuRound(cpuMillis);
            harnessRound.getAsDouble();
        }
        for (int i = 0; i < ROUNDS; i++) {
            cpu.add(round(cpuRound(cpuMillis)));
            harness.add(round(harnessRound.getAsDouble()));
        }
        return new HarnessReference(cpu, harness);
    }

    /** SHA-256 over a 1 MiB buffer for about {@code millis}, MB/s (10^6 bytes). */
    static double cpuRound(long millis) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 20];
            for (int i = 0; i < buffer.length; i++) {
                buffer[i] = (byte) (i * 31);
            }
            long start = System.nanoTime();
            long end = start + millis * 1_000_000;
            long bytes = 0;
            long now;
            do {
                digest.update(buffer);
                buffer[0] = digest.digest()[0]; // a result the JIT cannot drop
                bytes += buffer.length;
                now = System.nanoTime();
            } while (now < end);
            return bytes / ((now - start) / 1e9) / 1e6;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    /** One line for the console. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "harness reference: CPU %,.0f MB/s (SHA-256, one thread), harness"
                + " %,.0f msg/s (loopback, four clients)", median(cpu), median(harness));
    }

    private static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}
