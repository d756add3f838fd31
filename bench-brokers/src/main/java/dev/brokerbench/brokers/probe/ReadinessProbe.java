package dev.brokerbench.brokers.probe;

import dev.brokerbench.core.broker.Endpoint;

/** A protocol-level check that a broker accepts clients (an open port is not enough: brokers open ports early). */
@FunctionalInterface
public interface ReadinessProbe {
    int SOCKET_TIMEOUT_MILLIS = 2000;

    /** True when the broker completed the protocol's handshake on {@code endpoint}; never throws. */
    boolean ready(Endpoint endpoint);
}
