package dev.brokerbench.core.broker;

import java.util.Map;
import java.util.OptionalLong;

/**
 * A broker the suite connects to but does not run: no process id, kill and restart refused (fault workloads do not
 * run on it), stop and close leave it as it is.
 */
public class UnmanagedInstance implements BrokerInstance {
    private final BrokerInfo info;
    private final Map<Protocol, Endpoint> endpoints;
    private final String whose;

    /** @param whose names the broker in errors, e.g. {@code external ActiveMQ Artemis (as given by --url)} */
    public UnmanagedInstance(BrokerInfo info, Map<Protocol, Endpoint> endpoints, String whose) {
        this.info = info;
        this.endpoints = Map.copyOf(endpoints);
        this.whose = whose;
    }

    @Override
    public BrokerInfo info() {
        return info;
    }

    @Override
    public Endpoint endpoint(Protocol protocol) {
        return Endpoint.of(endpoints, whose, protocol);
    }

    @Override
    public OptionalLong pid() {
        return OptionalLong.empty();
    }

    @Override
    public void kill() {
        throw new UnsupportedOperationException("the suite does not control " + whose);
    }

    @Override
    public void restart() {
        throw new UnsupportedOperationException("the suite does not control " + whose);
    }

    @Override
    public void stop() {
        // not ours to stop
    }

    @Override
    public void close() {
        // not ours to remove
    }
}
