package dev.brokerbench.core.spi;

/**
 * The request bodies and the server's transform, shared by every path and baseline: a request's bytes are a
 * function of its call, and the server adds 1 to every byte (the published method), so a client can check each
 * reply without keeping a copy of its request.
 */
public final class RpcPayload {
    private RpcPayload() {
    }

    /** What a server sends back: every byte of {@code request} incremented by 1 (wrapping). */
    public static byte[] transform(byte[] request) {
        byte[] reply = new byte[request.length];
        for (int i = 0; i < request.length; i++) {
            reply[i] = (byte) (request[i] + 1);
        }
        return reply;
    }

    /** The request body of call {@code correlationId}. */
    public static byte[] request(long correlationId, int size) {
        byte[] body = new byte[size];
        long x = correlationId * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < size; i++) {
            body[i] = (byte) (x >>> ((i & 7) * 8) ^ i);
        }
        return body;
    }

    /** True when {@code reply} is exactly {@link #transform} of call {@code correlationId}'s request. */
    public static boolean verify(long correlationId, int size, byte[] reply) {
        if (reply == null || reply.length != size) {
            return false;
        }
        long x = correlationId * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < size; i++) {
            if (reply[i] != (byte) (((byte) (x >>> ((i & 7) * 8) ^ i)) + 1)) {
                return false;
            }
        }
        return true;
    }
}
