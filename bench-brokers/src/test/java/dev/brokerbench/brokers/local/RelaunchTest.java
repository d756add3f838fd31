package dev.brokerbench.brokers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.brokers.artemis.ArtemisLocalRuntime;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local broker whose process exits before it is ready is launched once more on the same directory, and the first
 * exit is recorded; a second exit, or an instance directory that is gone, fails the start with what happened. The
 * "broker" is a shell script that writes its log and a file the probe looks for.
 */
class RelaunchTest {
    @TempDir
    Path work;

    /** The script of a broker that exits with code 1 at its first {@code crashes} launches, then runs. */
    private LocalBrokerInstance broker(Path dir, String script) throws Exception {
        Files.createDirectories(dir);
        LocalLaunch launch = new LocalLaunch(List.of("sh", "-c", script), Map.of(), dir, dir.resolve("console.log"),
                dir.resolve("broker.log"), Endpoint.loopback(Protocol.CORE, 1), e -> Files.exists(dir.resolve("ready")),
                Pattern.compile("started ([0-9.]+)"));
        BrokerEnvironment env = new BrokerEnvironment(work, work, Duration.ofSeconds(20), "64m");
        return new LocalBrokerInstance(new ArtemisLocalRuntime(), launch, Map.of(), Map.of(), env, dir);
    }

    private static String crashing(int crashes) {
        return "n=$(cat launches 2>/dev/null || echo 0); echo $((n + 1)) > launches; if [ \"$n\" -lt " + crashes
                + " ]; then echo \"ERROR crash $n\" >> broker.log; exit 1; fi;"
                + " echo 'started 1.2.3' >> broker.log; touch ready; exec sleep 120";
    }

    @Test
    void aProcessThatExitedBeforeItWasReadyIsLaunchedOnceMoreAndTheFirstExitIsRecorded() throws Exception {
        Path dir = work.resolve("once");
        try (LocalBrokerInstance broker = broker(dir, crashing(1))) {
            broker.start();
            assertThat(broker.alive()).isTrue();
            assertThat(Files.readString(dir.resolve("launches")).strip()).isEqualTo("2");
            assertThat(broker.info().version()).isEqualTo("1.2.3");
            assertThat(broker.info().settings().get(LocalBrokerInstance.RELAUNCHED))
                    .contains("exited with code 1 before it was ready").contains(dir.resolve("broker.log").toString());
        }
    }

    @Test
    void aStartThatTookOneLaunchRecordsNoRelaunch() throws Exception {
        try (LocalBrokerInstance broker = broker(work.resolve("none"), crashing(0))) {
            broker.start();
            assertThat(broker.info().settings()).doesNotContainKey(LocalBrokerInstance.RELAUNCHED);
            broker.kill();
            // a restart that exits once is launched again too, and says so; the next clean restart no longer does
            Files.writeString(work.resolve("none").resolve("launches"), "-1\n");
            Files.delete(work.resolve("none").resolve("ready"));
            broker.restart();
            assertThat(broker.info().settings()).containsKey(LocalBrokerInstance.RELAUNCHED);
            broker.restart();
            assertThat(broker.info().settings()).doesNotContainKey(LocalBrokerInstance.RELAUNCHED);
        }
    }

    @Test
    void aSecondExitFailsTheStartWithBoth() throws Exception {
        Path dir = work.resolve("twice");
        try (LocalBrokerInstance broker = broker(dir, crashing(2))) {
            assertThatThrownBy(broker::start).isInstanceOf(BrokerStartException.class)
                    .hasMessageContaining("exited with code 1 before it was ready")
                    .hasMessageContaining("ERROR crash 1")
                    .hasMessageContaining("It was the second launch; the first: ");
            assertThat(Files.readString(dir.resolve("launches")).strip()).isEqualTo("2");
        }
    }

    /** The same ports would be taken again: the runtime starts it on others ({@link Instances#onFreePorts}). */
    @Test
    void aProcessThatLostItsPortIsNotLaunchedAgainOnIt() throws Exception {
        Path dir = work.resolve("port");
        try (LocalBrokerInstance broker = broker(dir, "echo x >> launches; echo 'java.net.BindException: Address"
                + " already in use' >> broker.log; exit 1")) {
            assertThatThrownBy(broker::start).isInstanceOf(BrokerStartException.class)
                    .satisfies(e -> assertThat(Instances.portTaken((BrokerStartException) e)).isTrue())
                    .hasMessageNotContaining("second launch");
            assertThat(Files.readAllLines(dir.resolve("launches"))).hasSize(1);
        }
    }

    @Test
    void aRuntimeStartsOnceMoreOnlyWhenAPortWasTaken() throws Exception {
        int[] starts = {0};
        Instances.onFreePorts(() -> {
            if (starts[0]++ == 0) {
                throw new BrokerStartException("Failed to bind to server socket: java.net.BindException: Address"
                        + " already in use");
            }
            return null;
        });
        assertThat(starts[0]).isEqualTo(2);
        starts[0] = 0;
        assertThatThrownBy(() -> Instances.onFreePorts(() -> {
            starts[0]++;
            throw new BrokerStartException("Invalid maximum heap size");
        })).hasMessage("Invalid maximum heap size");
        assertThat(starts[0]).isEqualTo(1);
    }

    @Test
    void aBrokerWhoseDirectoryWentWithItIsNotLaunchedAgain() throws Exception {
        Path dir = work.resolve("gone");
        try (LocalBrokerInstance broker = broker(dir, "cd / && rm -rf '" + dir + "'; exit 1")) {
            assertThatThrownBy(broker::start).isInstanceOf(BrokerStartException.class)
                    .hasMessageContaining("exited with code 1 before it was ready")
                    .hasMessageContaining("Its instance directory " + dir + " is gone: not launched again.");
        }
    }
}
