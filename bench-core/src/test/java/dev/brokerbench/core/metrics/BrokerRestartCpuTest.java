package dev.brokerbench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A broker that a fault kills and starts again is a new process: its CPU over a phase spanning the restart is the old
 * process's up to its death plus the new one's, not unknown and not only the new one's.
 */
class BrokerRestartCpuTest {
    /** A process that burns a fixed amount of CPU, then sleeps until killed. */
    private static Process burner() throws Exception {
        return new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 1000000 ]; do i=$((i+1)); done; exec sleep 60")
                .start();
    }

    private static long cpuNanos(Process p) {
        return p.info().totalCpuDuration().map(Duration::toNanos).orElseThrow();
    }

    @Test
    void theCpuOfBothProcessesCountsAcrossARestart() throws Exception {
        Process first = burner();
        AtomicReference<Process> current = new AtomicReference<>(first);
        Process second = null;
        try (ResourceMeter meter = ResourceMeter.start(() -> current.get().isAlive()
                ? OptionalLong.of(current.get().pid()) : OptionalLong.empty(), List.of())) {
            long from = System.nanoTime();
            long firstAtFrom = cpuNanos(first);
            awaitSleeping(first);
            long firstCpu = cpuNanos(first);
            meter.sampleNow(); // its whole CPU in one sample, however late the meter's own thread runs
            Thread.sleep(3 * ResourceMeter.SAMPLE_MILLIS);
            first.destroyForcibly().waitFor();
            Thread.sleep(3 * ResourceMeter.SAMPLE_MILLIS); // the broker is down: the figure holds
            second = burner();
            current.set(second);
            awaitSleeping(second);
            long secondCpu = cpuNanos(second);
            // the meter asks for the new pid once a second while the old process is gone
            Thread.sleep(1_500);
            meter.sampleNow(); // more than a second on: the new pid looked up, its whole CPU read
            long to = System.nanoTime();
            Double broker = meter.over(from, to).brokerCpuSeconds();

            assertThat(firstCpu).as("the first process burned CPU").isPositive();
            assertThat(secondCpu).as("the second process burned CPU").isPositive();
            // the old process's CPU from the phase's start to its death, and the new one's: within what one sample
            // interval of each could have moved
            assertThat(broker).as("both processes' CPU").isNotNull()
                    .isGreaterThanOrEqualTo((firstCpu - firstAtFrom + secondCpu) * 0.85 / 1e9);
        } finally {
            first.destroyForcibly();
            if (second != null) {
                second.destroyForcibly();
            }
        }
    }

    /** Until the process's loop is done (it then sleeps: its state is S). */
    private static void awaitSleeping(Process p) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            List<ProcessHandle> children = p.descendants().toList();
            if (p.info().command().map(c -> c.endsWith("sleep")).orElse(false) || !children.isEmpty()
                    && children.get(0).info().command().map(c -> c.endsWith("sleep")).orElse(false)) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the burner never finished its loop");
    }
}
