package dev.brokerbench.core.run.remote;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * What a request/reply server process tells the suite on its stdout: {@code R} once its sessions serve, {@code C}
 * for every request that reached one of them (its correlation id and {@link System#nanoTime()}, written and flushed
 * before the request is answered), {@code Y} in answer to {@link #SYNC} (every receipt before it is on the wire),
 * {@code E} with a message when it fails.
 */
final class ServerWire {
    static final byte READY = 'R';
    static final byte RECEIPT = 'C';
    /** Suite to child, on the child's stdin: answer {@link #SYNCED} once every receipt so far is written. */
    static final byte SYNC = 'Q';
    static final byte SYNCED = 'Y';
    static final byte ERROR = ChildWire.ERROR;

    /** One record read back: a receipt's correlation id and arrival, an error's message. */
    record Record(byte tag, long correlationId, long nanos, String message) {
    }

    /** Marks the end of the stream (the process exited or was killed). */
    static final Record END = new Record((byte) 0, 0, 0, null);

    private ServerWire() {
    }

    static void receipt(DataOutputStream out, long correlationId, long nanos) throws IOException {
        out.writeByte(RECEIPT);
        out.writeLong(correlationId);
        out.writeLong(nanos);
    }

    /** The next record, or {@link #END} at end of stream (or in the middle of a record a kill cut short). */
    static Record read(DataInputStream in) throws IOException {
        int tag;
        try {
            tag = in.readUnsignedByte();
            return switch (tag) {
                case READY -> new Record(READY, 0, 0, null);
                case SYNCED -> new Record(SYNCED, 0, 0, null);
                case RECEIPT -> new Record(RECEIPT, in.readLong(), in.readLong(), null);
                case ERROR -> new Record(ERROR, 0, 0, in.readUTF());
                default -> throw new IOException("server process wrote an unknown record tag " + tag);
            };
        } catch (EOFException e) {
            return END;
        }
    }
}
