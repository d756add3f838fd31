package dev.brokerbench.lifeline;

import java.io.IOException;
import java.io.InputStream;

/**
 * Ties a broker JVM to the suite that started it. The suite keeps the broker's stdin open as a pipe; when the suite's
 * JVM ends for any reason, including SIGKILL, the pipe closes, this thread reads end-of-file and the broker exits
 * (halting if its shutdown takes longer than {@link #GRACE_MILLIS}).
 */
public final class Lifeline {
    static final long GRACE_MILLIS = 10_000;

    private Lifeline() {
    }

    /** Java agent entry point ({@code -javaagent:lifeline.jar}). */
    public static void premain(String args) {
        Thread watcher = new Thread(Lifeline::watch, "brokerbench-lifeline");
        watcher.setDaemon(true);
        watcher.start();
    }

    private static void watch() {
        InputStream in = System.in;
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // the suite never writes; anything read is ignored
            }
        } catch (IOException e) {
            // a broken pipe means the same as end-of-file
        }
        System.err.println("brokerbench lifeline: the suite that started this broker is gone; exiting");
        Thread halter = new Thread(() -> {
            try {
                Thread.sleep(GRACE_MILLIS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            Runtime.getRuntime().halt(3);
        }, "brokerbench-lifeline-halt");
        halter.setDaemon(true);
        halter.start();
        System.exit(3);
    }
}
