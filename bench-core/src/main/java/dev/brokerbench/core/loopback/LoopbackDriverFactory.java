package dev.brokerbench.core.loopback;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import dev.brokerbench.core.spi.Support;
import java.util.Map;

/**
 * The harness-ceiling client path: {@code loopback} (in-JVM queue) or {@code noop} (sends discarded). Not
 * registered as a service; {@code bench ceiling} and the tests create it directly.
 */
public final class LoopbackDriverFactory implements DriverFactory {
    private final LoopbackBroker broker;
    private final boolean discard;

    public LoopbackDriverFactory(LoopbackBroker broker, boolean discard) {
        this.broker = broker;
        this.discard = discard;
    }

    @Override
    public String id() {
        return discard ? "noop" : "loopback";
    }

    @Override
    public String description() {
        return "in-JVM " + (discard ? "no-op sink" : "queue") + ", no broker: the harness's own ceiling";
    }

    @Override
    public String protocol() {
        return "in-jvm";
    }

    @Override
    public Map<Capability, Support> capabilities(String brokerId) {
        return Support.all();
    }

    @Override
    public Driver create(String brokerId, Endpoint endpoint, ClientSpec spec) {
        return new LoopbackDriver(broker, discard);
    }
}
