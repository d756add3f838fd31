package dev.brokerbench.baselines.grpc;

import dev.brokerbench.baselines.BaselineRuntime;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.Protocol;

/** The gRPC unary server as a baseline "broker". */
public final class GrpcBaseline extends BaselineRuntime {
    /** gRPC: HTTP/2. */
    static final Protocol GRPC = new Protocol("grpc");
    private static final BrokerDescriptor DESCRIPTOR =
            BrokerDescriptor.baseline("grpc", "gRPC baseline (grpc-java, no broker)", GRPC);

    public GrpcBaseline() {
        super(DESCRIPTOR, "HTTP/2 over TCP loopback (Netty), unary calls");
    }
}
