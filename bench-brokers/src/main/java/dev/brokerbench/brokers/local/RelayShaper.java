package dev.brokerbench.brokers.local;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.LinkShaper;
import dev.brokerbench.core.broker.Undo;
import dev.brokerbench.process.net.LinkRelay;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A local broker's client ports reached through a {@link LinkRelay} in the suite's JVM, on loopback. */
final class RelayShaper implements LinkShaper {
    private final LinkRelay relay;

    private RelayShaper(LinkRelay relay) {
        this.relay = relay;
    }

    /** A relay to each of {@code ports} on loopback, each on a free port of its own, at no delay. */
    static RelayShaper start(List<Integer> ports) {
        Map<Integer, Integer> listen = new LinkedHashMap<>();
        ports.forEach(port -> listen.put(port, 0));
        try {
            return new RelayShaper(LinkRelay.start(InetAddress.getLoopbackAddress(), listen,
                    InetAddress.getLoopbackAddress(), true));
        } catch (IOException e) {
            throw new IllegalStateException("could not start a relay to ports " + ports + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Endpoint endpoint(Endpoint direct) {
        return direct.at(InetAddress.getLoopbackAddress().getHostAddress(), relay.port(direct.port()));
    }

    @Override
    public Undo slow(Duration oneWay, Duration jitter) {
        relay.delay(oneWay, jitter);
        return () -> relay.delay(Duration.ZERO, Duration.ZERO);
    }

    @Override
    public void close() {
        relay.close();
    }
}
