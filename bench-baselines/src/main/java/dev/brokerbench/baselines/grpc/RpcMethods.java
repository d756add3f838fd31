package dev.brokerbench.baselines.grpc;

import io.grpc.MethodDescriptor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The baseline's two unary gRPC methods, on raw bytes (no protobuf: the payload is the message, as on the
 * brokers): {@code brokerbench.Rpc/Call} ([id][payload] -> [id][payload + 1]) and {@code brokerbench.Rpc/Stats}
 * (-> calls received, 8 bytes).
 */
final class RpcMethods {
    static final String SERVICE = "brokerbench.Rpc";

    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    static final MethodDescriptor<byte[], byte[]> CALL = method("Call");
    static final MethodDescriptor<byte[], byte[]> STATS = method("Stats");

    private RpcMethods() {
    }

    private static MethodDescriptor<byte[], byte[]> method(String name) {
        return MethodDescriptor.<byte[], byte[]>newBuilder().setType(MethodDescriptor.MethodType.UNARY)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, name))
                .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
    }
}
