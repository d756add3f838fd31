package dev.brokerbench.lifeline;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;

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
        InputStream in = System.in;
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // the suite never writes; anything read is ignored
            }
        } catch (IOException e) {
            // a broken pipe means the same as end-of-file
        }
        System.err.println("brokerbench lifeline: the suite that started this broker is gone; removing "
                + instanceDir + " and halting");
        if (instanceDir != null) {
            Trees.delete(instanceDir);
            try {
                Files.deleteIfExists(instanceDir.getParent());
            } catch (DirectoryNotEmptyException e) {
                // other instances still live there
            } catch (IOException e) {
                System.err.println("brokerbench lifeline: " + e);
            }
        }
        Runtime.getRuntime().halt(3);
    }
}
