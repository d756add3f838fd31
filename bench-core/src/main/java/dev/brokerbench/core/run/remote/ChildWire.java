package dev.brokerbench.core.run.remote;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;

/**
 * What every child process shares on its wire to the suite, its stdout: the stream itself, and the error record
 * ({@code E} and a message) it writes when it fails. Each kind of child has its other records ({@link ConsumerWire},
 * {@link ServerWire}).
 */
final class ChildWire {
    static final byte ERROR = 'E';
    private static final int MAX_MESSAGE = 20_000;

    private ChildWire() {
    }

    /**
     * This process's stdout as the wire; {@code System.out} goes to stderr from now on, so that a library's println
     * cannot corrupt it.
     */
    static DataOutputStream stdout() {
        DataOutputStream wire = new DataOutputStream(new BufferedOutputStream(
                new FileOutputStream(FileDescriptor.out), 1 << 16));
        System.setOut(System.err);
        return wire;
    }

    static void error(DataOutputStream out, String message) throws IOException {
        out.writeByte(ERROR);
        out.writeUTF(message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) : message);
    }
}
