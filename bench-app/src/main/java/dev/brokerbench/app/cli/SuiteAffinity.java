package dev.brokerbench.app.cli;

import dev.brokerbench.core.broker.CpuSplit;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Puts the suite's own JVM (every thread it has and will make) on the cores a {@link CpuSplit} gives it. */
final class SuiteAffinity {
    private SuiteAffinity() {
    }

    /** {@code taskset -a -p -c CPUS <this pid>}; nothing when the cores are shared. */
    static void apply(CpuSplit split) {
        if (!split.split()) {
            return;
        }
        List<String> command = List.of("taskset", "-a", "-p", "-c", split.suiteCpus(),
                String.valueOf(ProcessHandle.current().pid()));
        try {
            Process p = dev.brokerbench.process.ChildEnvironment.clean(new ProcessBuilder(command))
                    .redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("--cpus split: " + String.join(" ", command) + " failed: "
                        + output.strip());
            }
        } catch (IOException e) {
            throw new IllegalStateException("--cpus split needs taskset (util-linux): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pinning the suite", e);
        }
    }
}
