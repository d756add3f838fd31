package dev.brokerbench.baselines.zeromq;

import dev.brokerbench.baselines.BaselineRuntime;
import dev.brokerbench.core.broker.BrokerDescriptor;
import dev.brokerbench.core.broker.Protocol;

/** The ZeroMQ request/reply server as a baseline "broker". */
public final class ZeroMqBaseline extends BaselineRuntime {
    /** ZeroMQ's wire protocol. */
    static final Protocol ZMTP = new Protocol("zmtp");
    private static final BrokerDescriptor DESCRIPTOR =
            BrokerDescriptor.baseline("zeromq", "ZeroMQ baseline (JeroMQ, no broker)", ZMTP);

    public ZeroMqBaseline() {
        super(DESCRIPTOR, "ZMTP over TCP loopback, DEALER clients, ROUTER server");
    }
}
