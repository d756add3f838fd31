package dev.brokerbench.brokers.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.ContainerPort;
import dev.brokerbench.brokers.probe.ReadinessProbe;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.spi.Catalog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each broker through the container runtime: ready by the same rule as locally, ports on 127.0.0.1 only, the image
 * recorded, kill -9 of the broker process, restart on the same volume and ports, and nothing left after close.
 * Skipped where no engine or image is available, unless {@code BROKERBENCH_REQUIRE_CONTAINERS=true} (set by CI).
 */
class ContainerRuntimeIT {
    @TempDir
    Path work;

    /**
     * Every registered container runtime but the variants' (a variant runs its broker's image and runtime class with
     * one server property changed, which KafkaServerConfigTest checks; LocalRuntimeIT starts the variants too).
     */
    static Stream<ContainerBrokerRuntime> brokers() {
        return Catalog.load().runtimes(RuntimeKind.CONTAINER).stream()
                .filter(r -> r.broker().variantOf().isEmpty()).map(ContainerBrokerRuntime.class::cast);
    }

    /** Skips with the reason and the way to enable it; fails instead when CI requires containers. */
    static void assumeAvailable(ContainerBrokerRuntime runtime, BrokerEnvironment env) {
        Optional<String> why = runtime.unavailableReason(env);
        if (why.isPresent() && DockerEngine.required()) {
            fail("BROKERBENCH_REQUIRE_CONTAINERS=true but " + runtime.broker().displayName() + " cannot run in a container: "
                    + why.get());
        }
        Assumptions.assumeTrue(why.isEmpty(), () -> "SKIPPED " + runtime.broker().displayName() + " in a container: "
                + why.orElseThrow() + ". To run: " + DockerEngine.HOW_TO_ENABLE);
    }

    private static List<Container> sessionContainers() {
        String filter = ContainerReaper.SESSION_LABEL + "=" + ContainerReaper.labels().get(ContainerReaper.SESSION_LABEL);
        return DockerEngine.client().listContainersCmd().withShowAll(true).withLabelFilter(List.of(filter)).exec();
    }

    private static long sessionVolumes() {
        String filter = ContainerReaper.SESSION_LABEL + "=" + ContainerReaper.labels().get(ContainerReaper.SESSION_LABEL);
        var volumes = DockerEngine.client().listVolumesCmd().withFilter("label", List.of(filter)).exec().getVolumes();
        return volumes == null ? 0 : volumes.size();
    }

    @ParameterizedTest
    @MethodSource("brokers")
    void startsKillsRestartsAndCleansUp(ContainerBrokerRuntime runtime) throws Exception {
        BrokerEnvironment env = new BrokerEnvironment(work, work, Duration.ofSeconds(120), "1g");
        assumeAvailable(runtime, env);
        try (BrokerInstance broker = runtime.start(env)) {
            Endpoint endpoint = broker.endpoint(runtime.broker().nativeProtocol());
            Endpoint probed = broker.endpoint(runtime.layout().probeProtocol());
            ReadinessProbe probe = runtime.layout().probe();
            assertThat(endpoint.host()).isEqualTo("127.0.0.1");
            assertThat(probe.ready(probed)).isTrue();
            assertThat(broker.info().runtime()).isEqualTo(RuntimeKind.CONTAINER);
            assertThat(broker.info().image()).isEqualTo(runtime.image().image());
            assertThat(broker.info().imageId()).startsWith("sha256:");
            assertThat(broker.info().version()).matches("\\d+\\.\\d+\\.\\d+.*");
            assertThat(broker.info().settings()).containsKeys("image", "data", "ports", "persistence");
            dev.brokerbench.brokers.AsRunning.assertReported(runtime, broker.info());
            List<Container> running = sessionContainers();
            assertThat(running).hasSize(1);
            List<ContainerPort> published = Stream.of(running.get(0).getPorts())
                    .filter(p -> p.getPublicPort() != null).toList();
            assertThat(published).as("published ports").isNotEmpty();
            for (ContainerPort port : published) {
                assertThat(port.getIp()).as("published port %s", port.getPublicPort()).isEqualTo("127.0.0.1");
            }
            long firstPid = broker.pid().orElseThrow();
            assertThat(ProcessHandle.of(firstPid).map(ProcessHandle::isAlive).orElse(false)).isTrue();

            broker.kill();
            assertThat(ProcessHandle.of(firstPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            assertThat(probe.ready(probed)).isFalse();

            broker.restart();
            assertThat(probe.ready(probed)).isTrue();
            assertThat(broker.endpoint(runtime.broker().nativeProtocol())).isEqualTo(endpoint);
            assertThat(broker.pid().orElseThrow()).isNotEqualTo(firstPid);
            assertThat(sessionContainers()).hasSize(1);
        }
        assertThat(sessionContainers()).as("containers left after close").isEmpty();
        assertThat(sessionVolumes()).as("volumes left after close").isZero();
    }
}
