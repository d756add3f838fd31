package dev.brokerbench.baselines.grpc;

import dev.brokerbench.baselines.BaselineServerMain;
import dev.brokerbench.baselines.Wire;
import dev.brokerbench.core.spi.RpcPayload;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/** grpc-java's Netty server on 127.0.0.1, unary calls handled on a fixed pool of server threads. */
public final class GrpcServer implements BaselineServerMain.Server {
    private final AtomicLong received = new AtomicLong();

    public static GrpcServer start(int port, int threads) throws IOException {
        GrpcServer server = new GrpcServer();
        ServerServiceDefinition service = ServerServiceDefinition.builder(RpcMethods.SERVICE)
                .addMethod(RpcMethods.CALL, ServerCalls.asyncUnaryCall((request, reply) -> {
                    server.received.incrementAndGet();
                    reply.onNext(Wire.join(Wire.id(request), RpcPayload.transform(Wire.payload(request))));
                    reply.onCompleted();
                }))
                .addMethod(RpcMethods.STATS, ServerCalls.asyncUnaryCall((request, reply) -> {
                    reply.onNext(Wire.id(server.received.get()));
                    reply.onCompleted();
                }))
                .build();
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port))
                .executor(Executors.newFixedThreadPool(threads))
                .addService(service).build().start();
        return server;
    }

    @Override
    public String library() {
        return "grpc-java " + GrpcJavaPath.version();
    }
}
