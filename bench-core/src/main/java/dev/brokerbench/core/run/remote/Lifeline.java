package dev.brokerbench.core.run.remote;

import java.io.IOException;
import java.util.function.IntConsumer;

/**
 * A child process's tie to the suite: its stdin, a pipe the suite holds. Each byte the suite writes there is a
 * command for the child; end-of-file means the suite closed it or died, and the child must stop: {@code onEnd} runs,
 * and if the process is still alive {@link #GRACE_MILLIS} later it halts.
 */
final class Lifeline {
    static final long GRACE_MILLIS = 15_000;

    private Lifeline() {
    }

    static void start(IntConsumer onCommand, Runnable onEnd) {
        Thread lifeline = new Thread(() -> {
            try {
                int b;
                while ((b = System.in.read()) >= 0) {
                    onCommand.accept(b);
                }
            } catch (IOException e) {
                // same as end-of-file
            }
            onEnd.run();
            try {
                Thread.sleep(GRACE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Runtime.getRuntime().halt(3); // did not stop in time
        }, "child-lifeline");
        lifeline.setDaemon(true);
        lifeline.start();
    }
}
