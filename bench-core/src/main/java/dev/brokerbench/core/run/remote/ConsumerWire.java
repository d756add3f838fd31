package dev.brokerbench.core.run.remote;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * What a consumer process tells the suite on its stdout: {@code R} once its consumer is open, {@code D} for every
 * message's stamp (written, and flushed, before the message is acknowledged), {@code E} with a message when it
 * fails.
 */
final class ConsumerWire {
    static final byte READY = 'R';
    /** Suite to child, on the child's stdin: subscribe now. */
    static final byte START = 'S';
    static final byte DELIVERY = 'D';
    static final byte ERROR = ChildWire.ERROR;

    /** One record read back; {@code null} fields where the tag has none. */
    record Record(byte tag, long stream, long sequence, long sendNanos, int payloadBytes, boolean redelivered,
                  String message) {
    }

    /** Marks the end of the stream (the process exited or was killed). */
    static final Record END = new Record((byte) 0, 0, 0, 0, 0, false, null);

    private ConsumerWire() {
    }

    static void ready(DataOutputStream out) throws IOException {
        out.writeByte(READY);
    }

    static void delivery(DataOutputStream out, long stream, long sequence, long sendNanos, int payloadBytes,
                         boolean redelivered) throws IOException {
        out.writeByte(DELIVERY);
        out.writeLong(stream);
        out.writeLong(sequence);
        out.writeLong(sendNanos);
        out.writeInt(payloadBytes);
        out.writeBoolean(redelivered);
    }

    /** The next record, or {@link #END} at end of stream. */
    static Record read(DataInputStream in) throws IOException {
        int tag;
        try {
            tag = in.readUnsignedByte();
        } catch (EOFException e) {
            return END;
        }
        try {
            return switch (tag) {
                case READY -> new Record(READY, 0, 0, 0, 0, false, null);
                case DELIVERY -> new Record(DELIVERY, in.readLong(), in.readLong(), in.readLong(), in.readInt(),
                        in.readBoolean(), null);
                case ERROR -> new Record(ERROR, 0, 0, 0, 0, false, in.readUTF());
                default -> throw new IOException("consumer process wrote an unknown record tag " + tag);
            };
        } catch (EOFException e) {
            // the process was killed in the middle of a record: it never finished reporting that message
            return END;
        }
    }
}
