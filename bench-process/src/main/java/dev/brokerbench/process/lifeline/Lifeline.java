package dev.brokerbench.process.lifeline;

import dev.brokerbench.process.Trees;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Ties a broker JVM to the suite that started it. The suite keeps the broker's stdin open as a pipe; when the suite's
 * JVM ends for any reason, including SIGKILL, the pipe closes and this thread reads end-of-file. The broker's data is
 * disposable then: the agent deletes the instance directory named in its argument (and its parent, if that is left
 * empty) and halts the JVM.
 *
 * <p>Usage: {@code -javaagent:lifeline.jar=/path/to/instance-dir}
 */
public final class Lifeline {
    private Lifeline() {
    }

    /** Java agent entry point. */
    public static void premain(String args) {
        Path instanceDir = args == null || args.isBlank() ? null : Path.of(args);
        Thread watcher = new Thread(() -> watch(instanceDir), "brokerbench-lifeline");
        watcher.setDaemon(true);
        watcher.start();
    }

    private static void watch(Path instanceDir) {
        SuitePipe.awaitClose(System.in);
        System.err.println("brokerbench lifeline: the suite that started this broker is gone; removing "
                + instanceDir + " and halting");
        if (instanceDir != null) {
            Trees.delete(instanceDir);
            Trees.deleteParentOnceEmpty(instanceDir, Duration.ZERO);
        }
        Runtime.getRuntime().halt(3);
    }
}
