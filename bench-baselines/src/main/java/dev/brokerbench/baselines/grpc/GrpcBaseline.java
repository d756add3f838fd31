package dev.brokerbench.baselines.grpc;

import dev.brokerbench.baselines.BaselineRuntime;

/** The gRPC unary server as a baseline "broker". */
public final class GrpcBaseline extends BaselineRuntime {
    @Override
    public String brokerId() {
        return "grpc";
    }

    @Override
    public String displayName() {
        return "gRPC baseline (grpc-java, no broker)";
    }

    @Override
    public String nativeProtocol() {
        return "grpc";
    }

    @Override
    protected String kind() {
        return "grpc";
    }

    @Override
    protected String transport() {
        return "HTTP/2 over TCP loopback (Netty), unary calls";
    }
}
