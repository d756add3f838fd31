package dev.brokerbench.baselines.zeromq;

import dev.brokerbench.baselines.BaselineRuntime;

/** The ZeroMQ request/reply server as a baseline "broker". */
public final class ZeroMqBaseline extends BaselineRuntime {
    @Override
    public String brokerId() {
        return "zeromq";
    }

    @Override
    public String displayName() {
        return "ZeroMQ baseline (JeroMQ, no broker)";
    }

    @Override
    public String nativeProtocol() {
        return "zmtp";
    }

    @Override
    protected String kind() {
        return "zeromq";
    }

    @Override
    protected String transport() {
        return "ZMTP over TCP loopback, DEALER clients, ROUTER server";
    }
}
