package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.spi.Catalog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every local broker the suite starts listens on loopback only, every port of it (the client protocols, a JVM's
 * JMX or debug port, Erlang's distribution and epmd, Kafka's controller): seen as {@code ss} sees the sockets of the
 * processes this JVM started, while the broker runs.
 */
class LoopbackListenersIT {
    private static final Pattern LISTENER = Pattern.compile("^LISTEN\\s+\\d+\\s+\\d+\\s+(\\S+):(\\d+)\\s+.*$");
    private static final Pattern PID = Pattern.compile("pid=(\\d+)");

    static Stream<String> brokers() {
        return Catalog.load().brokerIds().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokers")
    void listensOnLoopbackOnly(String id, @TempDir Path work) throws Exception {
        Path dist = Path.of(System.getProperty("brokerbench.dist.dir", "target/broker-dist"));
        BrokerEnvironment env = new BrokerEnvironment(dist, work, Duration.ofSeconds(120), "1g");
        BrokerRuntime runtime = Catalog.load().runtime(id, RuntimeKind.LOCAL).orElse(null);
        Assumptions.assumeTrue(runtime != null, () -> "SKIPPED " + id + ": no local runtime");
        Assumptions.assumeTrue(runtime.unavailableReason(env).isEmpty(),
                () -> "SKIPPED " + id + ": " + runtime.unavailableReason(env).orElseThrow());
        try (BrokerInstance broker = runtime.start(env)) {
            Set<Long> started = ProcessHandle.current().descendants().map(ProcessHandle::pid)
                    .collect(Collectors.toSet());
            List<String> listeners = new ArrayList<>();
            for (String line : ss()) {
                Matcher pid = PID.matcher(line);
                Matcher listener = LISTENER.matcher(line);
                while (pid.find()) {
                    if (started.contains(Long.parseLong(pid.group(1))) && listener.matches()) {
                        listeners.add(listener.group(1) + ":" + listener.group(2) + " (" + line.trim() + ")");
                    }
                }
            }
            assertThat(listeners).as("%s's listeners", id).isNotEmpty()
                    .allSatisfy(l -> assertThat(l).as("a listener of %s", id)
                            .matches("(127\\.\\d+\\.\\d+\\.\\d+|\\[::1\\]|\\[::ffff:127\\.0\\.0\\.1\\]):\\d+ .*"));
        }
    }

    private static List<String> ss() throws Exception {
        Process p = new ProcessBuilder("ss", "-ltnpH").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return out.lines().toList();
    }
}
