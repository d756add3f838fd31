package dev.brokerbench.brokers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.brokers.activemq.ActiveMqClassicLocalRuntime;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.LoopbackListeners;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.QueueAdmin;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.spi.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The runtime contract, for every registered local runtime: starts as a real process listening on loopback only
 * (every socket its processes listen on, as {@code ss} sees them), readiness, kill -9, restart on the same data, close,
 * cleanup.
 */
class LocalRuntimeIT {
    @TempDir
    Path work;

    static Path distributionDir() {
        String dir = System.getProperty("brokerbench.dist.dir");
        assertThat(dir).as("system property brokerbench.dist.dir (set by the build: run 'mvn verify')").isNotNull();
        return Path.of(dir);
    }

    /**
     * Every registered local runtime but the variants' (a variant is its broker's runtime class with one server
     * property changed, which KafkaServerConfigTest checks; FaultIT starts, kills and restarts the variant).
     */
    static Stream<BrokerRuntime> brokers() {
        return Catalog.load().runtimes(RuntimeKind.LOCAL).stream().filter(r -> r.broker().variantOf().isEmpty());
    }

    private BrokerEnvironment env(String heap) {
        return new BrokerEnvironment(distributionDir(), work, Duration.ofSeconds(90), heap);
    }

    @ParameterizedTest
    @MethodSource("brokers")
    void startsKillsRestartsAndCleansUp(BrokerRuntime runtime) throws Exception {
        Assumptions.assumeTrue(runtime.unavailableReason(env("1g")).isEmpty(),
                () -> "SKIPPED " + runtime.broker().displayName() + ": " + runtime.unavailableReason(env("1g")).orElseThrow());
        Path instanceDir;
        long firstPid;
        try (BrokerInstance broker = runtime.start(env("1g"))) {
            for (Protocol p : runtime.protocols()) {
                assertThat(broker.endpoint(p).host()).as(p + " endpoint").isEqualTo("127.0.0.1");
            }
            Endpoint endpoint = broker.endpoint(runtime.broker().nativeProtocol());
            assertThat(AsRunning.accepts(endpoint)).isTrue();
            assertThat(broker.info().version()).matches("\\d+\\.\\d+\\.\\d+.*");
            assertThat(broker.info().startToReadyMillis()).isPositive();
            assertThat(broker.info().settings()).isNotEmpty();
            AsRunning.assertReported(runtime, broker.info());
            if (runtime.broker().queues() != QueueAdmin.NONE) {
                // the second witness of the fault cases: a queue the broker does not have holds nothing
                assertThat(runtime.broker().queues().count(broker::endpoint, "brokerbench.never-declared"))
                        .as("the broker's count of a queue it does not have")
                        .hasValueSatisfying(count -> assertThat(count.messages()).isZero());
            }
            // every port it opened (client protocols, JMX, Erlang's distribution and epmd, Kafka's controller)
            LoopbackListeners.assertOnlyOnLoopback(runtime.broker().id());
            firstPid = broker.pid().orElseThrow();
            instanceDir = ((dev.brokerbench.brokers.local.LocalBrokerInstance) broker).instanceDir();

            broker.kill();
            assertThat(ProcessHandle.of(firstPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            assertThat(AsRunning.accepts(endpoint)).isFalse();

            broker.restart();
            assertThat(AsRunning.accepts(endpoint)).isTrue();
            assertThat(broker.pid().orElseThrow()).isNotEqualTo(firstPid);
            long secondPid = broker.pid().orElseThrow();
            broker.close();
            assertThat(ProcessHandle.of(secondPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        }
        assertThat(instanceDir).doesNotExist();
    }

    @Test
    void aBrokerThatCannotStartReportsItsLogTailAndLeavesNothing() throws Exception {
        assertThatThrownBy(() -> new ActiveMqClassicLocalRuntime().start(env("notaheap")))
                .isInstanceOf(BrokerStartException.class)
                .hasMessageContaining("ActiveMQ Classic exited with code")
                .hasMessageContaining("Last lines of")
                .hasMessageContaining("Invalid maximum heap size");
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left).isEmpty();
        }
    }
}
