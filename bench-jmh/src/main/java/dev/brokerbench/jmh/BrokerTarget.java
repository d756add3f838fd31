package dev.brokerbench.jmh;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.Driver;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The broker and client path under test, shared by every thread. Brokers are started once per benchmark run by the
 * caller (not per fork); this state only connects to them.
 */
@State(Scope.Benchmark)
public class BrokerTarget {
    /** A {@link Target#param()}. */
    @Param("")
    public String target;

    /** Message body in bytes: 0 or 10240 for the seed cases. */
    @Param({"0", "10240"})
    public int payloadBytes;

    Driver driver;
    String queue;
    byte[] payload;

    @Setup(Level.Trial)
    public void connect() throws Exception {
        Target t = Target.of(target);
        Catalog catalog = Catalog.load();
        driver = catalog.requirePath(t.clientPath()).create(t.brokerId(), t.endpoint(),
                new ClientSpec(Targets.WINDOW, Targets.PREFETCH, AckMode.AUTO, 1, true, payloadBytes));
        queue = "jmh." + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffL) + "." + payloadBytes;
        catalog.broker(t.brokerId()).orElseThrow().queues().prepare(p -> Endpoint.of(t.endpoints(), t.brokerId(), p), queue);
        payload = new byte[payloadBytes];
        ThreadLocalRandom.current().nextBytes(payload);
    }

    @TearDown(Level.Trial)
    public void disconnect() throws Exception {
        Targets.drain(driver, queue);
        driver.close();
    }
}
