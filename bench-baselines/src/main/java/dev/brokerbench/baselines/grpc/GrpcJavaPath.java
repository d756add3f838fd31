package dev.brokerbench.baselines.grpc;

import dev.brokerbench.baselines.BaselinePath;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.ClientSettings;
import dev.brokerbench.core.spi.Requester;

/** Calls the gRPC baseline server through grpc-java (Netty transport): unary calls, a channel per client. */
public final class GrpcJavaPath extends BaselinePath {
    @Override
    public String id() {
        return "grpc-java";
    }

    @Override
    public String description() {
        return "Broker-less baseline: gRPC unary calls through grpc-java (Netty, plaintext HTTP/2)";
    }

    @Override
    public Protocol protocol() {
        return GrpcBaseline.GRPC;
    }

    @Override
    protected Requester connect(Endpoint endpoint) {
        return new GrpcRequester(endpoint);
    }

    @Override
    protected long stats(Endpoint endpoint) throws InterruptedException {
        GrpcRequester channel = new GrpcRequester(endpoint);
        try {
            return channel.stats();
        } finally {
            channel.close();
        }
    }

    @Override
    protected String library() {
        return "io.grpc:grpc-netty-shaded";
    }

    @Override
    protected String libraryVersion() {
        return version();
    }

    static String version() {
        String v = io.grpc.ManagedChannel.class.getPackage().getImplementationVersion();
        return v != null ? v : io.grpc.internal.GrpcUtil.IMPLEMENTATION_VERSION;
    }

    @Override
    protected ClientSettings settings(Endpoint endpoint) {
        ClientSettings settings = new ClientSettings();
        settings.set(ClientSetting.URL, "http://" + endpoint.hostAndPort() + " (plaintext HTTP/2)");
        settings.own("client", "ManagedChannel per client, async unary calls, direct executor");
        settings.own("server", "NettyServerBuilder, fixed pool of server threads, in its own process");
        settings.own("message", "raw bytes [8-byte id][payload], no protobuf");
        return settings;
    }
}
