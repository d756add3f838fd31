package dev.brokerbench.process.lifeline;

import java.io.IOException;
import java.io.InputStream;

/**
 * The pipe on stdin that the suite holds open for every process it starts. The suite never writes to it; it closes
 * when the suite's JVM ends for any reason, including SIGKILL, when no shutdown hook of the suite runs.
 */
final class SuitePipe {
    private SuitePipe() {
    }

    /** Blocks until the pipe is closed (end-of-file or a broken pipe); anything written is ignored. */
    static void awaitClose(InputStream in) {
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // the suite never writes
            }
        } catch (IOException e) {
            // a broken pipe means the same as end-of-file
        }
    }
}
