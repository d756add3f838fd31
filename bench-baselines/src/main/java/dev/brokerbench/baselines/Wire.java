package dev.brokerbench.baselines;

import java.nio.ByteBuffer;

/**
 * What the baseline servers and clients exchange: a call is its 8-byte correlation id followed by the payload, and
 * the reply the same id followed by every payload byte + 1. A call with id {@link #STATS} asks the server how many
 * calls it has received (8 bytes back), so that requests are counted where they arrive, as on a broker.
 */
public final class Wire {
    /** Correlation ids of calls are never negative. */
    public static final long STATS = -1L;
    public static final int ID_BYTES = Long.BYTES;

    private Wire() {
    }

    public static byte[] id(long correlationId) {
        return ByteBuffer.allocate(ID_BYTES).putLong(correlationId).array();
    }

    public static long id(byte[] frame) {
        return frame != null && frame.length >= ID_BYTES ? ByteBuffer.wrap(frame).getLong()
                : dev.brokerbench.core.spi.Reply.NO_CORRELATION;
    }

    /** {@code id} then {@code payload} in one array. */
    public static byte[] join(long id, byte[] payload) {
        return ByteBuffer.allocate(ID_BYTES + payload.length).putLong(id).put(payload).array();
    }

    /** The payload after the id. */
    public static byte[] payload(byte[] joined) {
        byte[] payload = new byte[Math.max(0, joined.length - ID_BYTES)];
        System.arraycopy(joined, Math.min(ID_BYTES, joined.length), payload, 0, payload.length);
        return payload;
    }
}
