package dev.brokerbench.app;

import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.LoopbackListeners;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.spi.Catalog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every local cluster the suite starts listens on loopback only, every port of every node (the client protocols,
 * Erlang's distribution and epmd, Kafka's controllers, an Artemis pair's cluster connection): seen as {@code ss} sees
 * the sockets of the processes this JVM started, while the cluster runs. Each single node is held to the same in
 * bench-brokers' LocalRuntimeIT while it runs there; a single-node variant (quorum queues, Kafka's fsync) is its
 * broker's runtime with one queue or server setting changed, its listeners the same.
 */
class LoopbackListenersIT {
    static Stream<String> clusters() {
        return Catalog.load().runtimes(RuntimeKind.LOCAL).stream().filter(r -> r.nodes() > 1)
                .map(r -> r.broker().id());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("clusters")
    void listensOnLoopbackOnly(String id, @TempDir Path work) throws Exception {
        Path dist = Path.of(System.getProperty("brokerbench.dist.dir", "target/broker-dist"));
        BrokerEnvironment env = new BrokerEnvironment(dist, work, Duration.ofSeconds(120), "1g");
        BrokerRuntime runtime = Catalog.load().runtime(id, RuntimeKind.LOCAL).orElseThrow();
        Assumptions.assumeTrue(runtime.unavailableReason(env).isEmpty(),
                () -> "SKIPPED " + id + ": " + runtime.unavailableReason(env).orElseThrow());
        try (BrokerInstance broker = runtime.start(env)) {
            LoopbackListeners.assertOnlyOnLoopback(id);
        }
    }
}
