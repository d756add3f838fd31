package dev.brokerbench.baselines.grpc;

import dev.brokerbench.baselines.Wire;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.spi.Reply;
import dev.brokerbench.core.spi.Requester;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One gRPC client: its own channel (one HTTP/2 connection) and asynchronous unary calls, whose replies are queued for
 * {@link #poll}; the correlation id travels in the message, as gRPC itself matches replies to calls by stream.
 */
final class GrpcRequester implements Requester {
    private final ManagedChannel channel;
    private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();
    private final StreamObserver<byte[]> observer = new StreamObserver<>() {
        @Override
        public void onNext(byte[] value) {
            replies.add(new Reply(Wire.id(value), Wire.payload(value)));
        }

        @Override
        public void onError(Throwable t) {
            // the call is counted as timed out
        }

        @Override
        public void onCompleted() {
        }
    };

    GrpcRequester(Endpoint endpoint) {
        channel = NettyChannelBuilder.forAddress(endpoint.host(), endpoint.port()).usePlaintext().directExecutor()
                .build();
    }

    @Override
    public void request(long correlationId, byte[] payload) {
        ClientCalls.asyncUnaryCall(channel.newCall(RpcMethods.CALL, CallOptions.DEFAULT),
                Wire.join(correlationId, payload), observer);
    }

    @Override
    public Reply poll(long timeoutMillis) throws InterruptedException {
        return replies.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void cast(long correlationId, byte[] payload) {
        throw new UnsupportedOperationException("the gRPC baseline is request/reply only");
    }

    long stats() {
        byte[] count = ClientCalls.blockingUnaryCall(channel, RpcMethods.STATS,
                CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), new byte[0]);
        return Wire.id(count);
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
}
