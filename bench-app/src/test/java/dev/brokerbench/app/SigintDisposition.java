package dev.brokerbench.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Whether a child of this test JVM can see Ctrl-C. A build started in the background ({@code nohup mvn ... &}) runs
 * with SIGINT ignored; every process it starts inherits that, and a JVM whose SIGINT is ignored never installs its
 * handler, so Ctrl-C does nothing to it. coreutils' {@code env --default-signal=INT} resets the signal for the
 * command it starts; where that option is missing and SIGINT is ignored, a Ctrl-C test cannot run.
 */
final class SigintDisposition {
    private static final int SIGINT = 2;

    private SigintDisposition() {
    }

    /** True when this process ignores SIGINT (bit 2 of SigIgn in /proc/self/status); false where it cannot tell. */
    static boolean ignoredHere() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("SigIgn:"))
                    .map(l -> Long.parseUnsignedLong(l.substring("SigIgn:".length()).trim(), 16))
                    .anyMatch(mask -> (mask & (1L << (SIGINT - 1))) != 0);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** True when {@code env --default-signal=INT} works here (coreutils 8.31 or later). */
    static boolean envCanReset() {
        try {
            Process p = new ProcessBuilder("env", "--default-signal=INT", "true").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Why a Ctrl-C test cannot run here, or empty when it can. */
    static Optional<String> whyCtrlCCannotBeTested() {
        if (ignoredHere() && !envCanReset()) {
            return Optional.of("this build runs with SIGINT ignored (started in the background or with nohup: its"
                    + " children inherit the ignored signal and a JVM then never sees Ctrl-C), and 'env"
                    + " --default-signal=INT' (coreutils 8.31+) is not available to reset it. Run the build in the"
                    + " foreground to test Ctrl-C");
        }
        return Optional.empty();
    }
}
