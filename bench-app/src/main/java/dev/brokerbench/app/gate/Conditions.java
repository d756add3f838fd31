package dev.brokerbench.app.gate;

import dev.brokerbench.core.io.Required;
import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What two runs must share for the gate to compare them: the scale of the counts, the measured phases' target length
 * ({@code --duration}), the runtime the brokers ran in, and a machine that calibrated alike (same cores, disk syncs/s
 * within {@link #DISK_TOLERANCE}, loopback MB/s within {@link #MACHINE_TOLERANCE} of each other). The loopback round
 * trip is recorded and counts in {@link #machineDistance}, but refuses nothing: it is a thread's wake-up and tells a
 * busy moment, not another machine.
 *
 * @param scale           message-count factor
 * @param durationSeconds the measured phases' target length; null when sized by count
 * @param runtime         the brokers' runtimes, e.g. {@code local} ({@code container,local} when they were mixed)
 * @param calibration     the machine, measured at the start of the run
 */
public record Conditions(double scale, Double durationSeconds, @Required String runtime, Calibration calibration) {
    /**
     * Largest factor by which loopback MB/s may differ: a one-second copy through the kernel on a virtual machine,
     * it read 1,384, 2,143 and 2,881 MB/s at the start of three runs within 14 minutes on 2026-11-26 (x2.1, when x2.0
     * refused a power series' own baseline), and 1,205 to 4,715 on different days. The number of cores and the
     * disk still tell a different machine.
     */
    public static final double MACHINE_TOLERANCE = 4.0;
    /** Said of a run whose run.json records no calibration: its machine cannot be compared. */
    public static final String UNCALIBRATED = " record no calibration";
    /**
     * Largest factor by which the disk's syncs/s may differ. A virtual machine's disk is shared with its host's other
     * guests: the same 2-core machine calibrated at 3,837 to 8,647 syncs/s on different days (x2.25), nothing else
     * changed. The gate judges each path against the others, so a disk that is slower for every broker shifts the
     * whole matrix (shown, never failed); a different kind of disk (a local SSD: tens of thousands, a spinning disk:
     * about a hundred) is still refused.
     */
    public static final double DISK_TOLERANCE = 3.0;
    /*
     * No allowance for the loopback round trip: it is a thread's wake-up on a virtual machine. One 2-core VM read 29,
     * 74 and 105 µs at the start of three runs, 13 to 64 µs within an hour (x4.9, when an allowance of x4 refused two
     * of PowerIT's runs), and 6 and 62 µs in the two runs the reduced main command made minutes apart for its own
     * baseline (x10.3, when x8 refused that baseline and failed the build).
     */

    public Conditions {
        Objects.requireNonNull(runtime, "runtime");
    }

    /** The conditions of the results of one run; they must share scale and duration. */
    public static Conditions of(List<RunResult> results, Calibration calibration) {
        if (results.isEmpty()) {
            throw new InvalidConfigException("no results to gate");
        }
        double scale = single(results, RunResult::scale, "scales");
        Double duration = single(results, r -> r.sizing() == null ? null : r.sizing().durationSeconds(),
                "--duration values");
        String runtime = String.join(",", new TreeSet<>(results.stream().map(r -> r.broker().runtime().id()).toList()));
        return new Conditions(scale, duration, runtime, calibration);
    }

    private static <T> T single(List<RunResult> results, Function<RunResult, T> value, String what) {
        List<T> distinct = results.stream().map(value).distinct().toList();
        if (distinct.size() > 1) {
            throw new InvalidConfigException("results of different " + what + " in one directory: " + distinct);
        }
        return distinct.get(0);
    }

    /** Why runs under {@code fresh} cannot be compared with runs under these conditions; empty when they can. */
    public List<String> differences(Conditions fresh) {
        return differences(fresh, "the baseline", "these results");
    }

    /**
     * Why runs under {@code fresh} cannot be compared with runs under these conditions, the two named {@code mine} and
     * {@code theirs} (e.g. "A" and "B"); empty when they can be.
     */
    public List<String> differences(Conditions fresh, String mine, String theirs) {
        List<String> why = new ArrayList<>();
        if (Math.abs(scale - fresh.scale) > 1e-9) {
            why.add("scale: " + mine + " ran at " + scale + ", " + theirs + " at " + fresh.scale);
        }
        if (!Objects.equals(durationSeconds, fresh.durationSeconds)) {
            why.add("--duration: " + mine + ": measured phases sized " + sizing(durationSeconds) + ", " + theirs
                    + ": " + sizing(fresh.durationSeconds));
        }
        if (!runtime.equals(fresh.runtime)) {
            why.add("runtime: " + mine + ": brokers ran " + runtime + ", " + theirs + ": " + fresh.runtime);
        }
        if (calibration == null || fresh.calibration == null) {
            why.add("machine: " + (calibration == null ? mine : theirs) + UNCALIBRATED
                    + " (run.json from before calibration existed); refresh it");
            return why;
        }
        if (calibration.cores() != fresh.calibration.cores()) {
            why.add("machine: " + mine + " had " + calibration.cores() + " cores, " + theirs + " "
                    + fresh.calibration.cores());
        }
        machine(why, "disk syncs/s in the data directory", calibration.fsyncPerSecond(),
                fresh.calibration.fsyncPerSecond(), DISK_TOLERANCE, mine, theirs);
        machine(why, "loopback MB/s", calibration.loopbackMBPerSec(), fresh.calibration.loopbackMBPerSec(),
                MACHINE_TOLERANCE, mine, theirs);
        return why;
    }

    /**
     * How far apart the two machines calibrated: the sum of the absolute logarithms of the ratios of disk syncs/s,
     * loopback round trip and loopback MB/s (0: alike); infinite where either side has no calibration.
     */
    public double machineDistance(Conditions fresh) {
        if (calibration == null || fresh.calibration == null) {
            return Double.POSITIVE_INFINITY;
        }
        Calibration a = calibration;
        Calibration b = fresh.calibration;
        return Math.abs(Math.log(a.fsyncPerSecond() / b.fsyncPerSecond()))
                + Math.abs(Math.log(a.loopbackRttMicros() / b.loopbackRttMicros()))
                + Math.abs(Math.log(a.loopbackMBPerSec() / b.loopbackMBPerSec()));
    }

    private static void machine(List<String> why, String what, double baseline, double fresh, double tolerance,
                                String mine, String theirs) {
        double factor = Math.max(baseline, fresh) / Math.min(baseline, fresh);
        if (!(factor <= tolerance)) {
            why.add(String.format(Locale.ROOT, "machine: %s %.0f in %s, %.0f in %s (x%.1f apart, at most x%.1f"
                    + " compares: a different or busy machine)", what, baseline, mine, fresh, theirs, factor,
                    tolerance));
        }
    }

    private static String sizing(Double duration) {
        return duration == null ? "by count (--scale)" : "to " + duration + " s (--duration)";
    }
}
