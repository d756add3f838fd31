package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.brokerbench.brokers.artemis.ArtemisContainerRuntime;
import dev.brokerbench.brokers.container.ContainerReaper;
import dev.brokerbench.brokers.container.DockerEngine;
import dev.brokerbench.brokers.rabbitmq.RabbitMqContainerRuntime;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ctrl-C (SIGINT) or SIGKILL of the suite during a run leaves no broker process and no temporary directory: for a
 * JVM broker (the lifeline agent) and for RabbitMQ (the lifeline Guard around the Erlang node); and no container or
 * volume when the brokers run in containers (the shutdown hook, and for SIGKILL the watcher process).
 */
@Exclusive
class InterruptIT {
    /** A broker ready, with its pid; a cluster says no pid (its nodes' command lines name the work directory). */
    private static final Pattern READY = Pattern.compile("ready in \\d+ ms(?: \\(pid (\\d+)\\))?");

    @TempDir
    Path tmp;

    /** epmd processes started with -port (the suite's own; a system epmd runs with -daemon). */
    private static long privateEpmds() {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").matches(".*epmd -port .*"))
                .count();
    }

    /** Containers and volumes carrying the suite's label. */
    private static long labelled() {
        String filter = ContainerReaper.LABEL + "=true";
        var volumes = DockerEngine.client().listVolumesCmd().withFilter("label", List.of(filter)).exec().getVolumes();
        return DockerEngine.client().listContainersCmd().withShowAll(true).withLabelFilter(List.of(filter)).exec()
                .size() + (volumes == null ? 0 : volumes.size());
    }

    @ParameterizedTest
    // Ctrl-C runs the same shutdown hook for every local runtime (RabbitMQ's stop is the longer one); SIGKILL leaves
    // it to the lifeline agent (JVM brokers) and the Guard (RabbitMQ)
    @CsvSource({"artemis, KILL, local", "rabbitmq, INT, local", "rabbitmq, KILL, local",
            "artemis, KILL, container", "rabbitmq-cluster, KILL, local"})
    void nothingOutlivesTheSuite(String broker, String signal, String runtime) throws Exception {
        interruptAndCount(broker, signal, runtime);
    }

    /**
     * SIGKILL while the run calibrates the machine, before any broker (and its lifeline) exists: the run's work
     * directory is removed all the same.
     */
    @org.junit.jupiter.api.Test
    void aSigkillBeforeAnyBrokerStartsLeavesNoWorkDirectory() throws Exception {
        Path javaTmp = Files.createDirectories(tmp.resolve("java-tmp"));
        Process bench = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + javaTmp, "-jar", ItSupport.benchJar().toString(), "run", "--runtime", "local",
                "--broker", "artemis", "--case", "c1", "--scale", "0.001", "--out", tmp.resolve("results").toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("bench.log").toFile()).start();
        try {
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20)).until(() -> {
                try (Stream<Path> left = Files.list(javaTmp)) {
                    return left.anyMatch(p -> p.getFileName().toString().startsWith("brokerbench-")
                            && Files.isDirectory(p)); // the work directory, not the libraries' log made before it
                }
            });
            new ProcessBuilder("kill", "-KILL", String.valueOf(bench.pid())).inheritIO().start().waitFor();
            assertThat(bench.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                try (Stream<Path> left = Files.list(javaTmp)) {
                    assertThat(left.filter(p -> p.getFileName().toString().startsWith("brokerbench-")))
                            .as("work directory left behind (log: %s)", Files.readString(tmp.resolve("bench.log")))
                            .isEmpty();
                }
            });
        } finally {
            bench.destroyForcibly();
        }
    }

    /** Ctrl-C of a run with its broker in a container (the runtime's shutdown hook stops and removes it). */
    @ParameterizedTest
    @CsvSource({"rabbitmq, INT, container"})
    @Wide
    void nothingOutlivesTheSuiteInAContainer(String broker, String signal, String runtime) throws Exception {
        interruptAndCount(broker, signal, runtime);
    }

    private void interruptAndCount(String broker, String signal, String runtime) throws Exception {
        boolean container = runtime.equals("container");
        if (container) {
            ItSupport.assumeContainer(broker.equals("artemis") ? new ArtemisContainerRuntime()
                    : new RabbitMqContainerRuntime());
            assertThat(labelled()).as("containers or volumes of an earlier run").isZero();
        }
        if (signal.equals("INT")) {
            java.util.Optional<String> why = SigintDisposition.whyCtrlCCannotBeTested();
            org.junit.jupiter.api.Assumptions.assumeTrue(why.isEmpty(), () -> "SKIPPED Ctrl-C of " + broker + ": "
                    + why.orElseThrow());
        }
        long privateEpmdsBefore = privateEpmds();
        Path javaTmp = Files.createDirectories(tmp.resolve("java-tmp"));
        // env resets SIGINT to its default: a build started in the background (nohup, &) runs with SIGINT ignored,
        // the JVM then never installs its handler, and Ctrl-C could not be tested (SigintDisposition)
        List<String> command = new java.util.ArrayList<>(SigintDisposition.envCanReset()
                ? List.of("env", "--default-signal=INT") : List.of());
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + javaTmp, "-jar", ItSupport.benchJar().toString(),
                "run", "--runtime", runtime, "--broker", broker, "--case", "c1", "--scale", "1", "--heap", "1g",
                "--out", tmp.resolve("results").toString()));
        Process bench = new ProcessBuilder(command)
                .redirectErrorStream(true).start();
        AtomicLong brokerPid = new AtomicLong();
        List<String> output = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(bench.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    output.add(line);
                    Matcher m = READY.matcher(line);
                    if (m.find()) {
                        brokerPid.set(m.group(1) == null ? -1 : Long.parseLong(m.group(1)));
                    }
                }
            } catch (Exception ignored) {
                // the process ended
            }
        });
        reader.start();
        try {
            await().atMost(Duration.ofSeconds(90)).untilAsserted(() ->
                    assertThat(brokerPid.get()).as(String.join("\n", output)).isNotZero());
            Thread.sleep(3000); // mid-run: the broker is busy with the case

            new ProcessBuilder("kill", "-" + signal, String.valueOf(bench.pid())).inheritIO().start().waitFor();
            assertThat(bench.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                assertThat(brokerPid.get() > 0 && ProcessHandle.of(brokerPid.get()).map(ProcessHandle::isAlive)
                        .orElse(false))
                        .as("broker pid %d still alive after SIG%s of the suite", brokerPid.get(), signal).isFalse();
                assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("")
                        .contains(javaTmp.toString())).map(p -> p.pid() + " " + p.info().commandLine().orElse("")))
                        .as("processes still running from the suite's temporary directory").isEmpty();
                assertThat(privateEpmds()).as("private epmd (epmd -port) left behind").isEqualTo(privateEpmdsBefore);
                if (container) {
                    assertThat(labelled()).as("containers or volumes left behind").isZero();
                }
                try (Stream<Path> left = Files.list(javaTmp)) {
                    assertThat(left.filter(p -> p.getFileName().toString().startsWith("brokerbench-")))
                            .as("temporary directories left behind").isEmpty();
                }
            });
        } finally {
            bench.destroyForcibly();
            if (brokerPid.get() > 0) {
                ProcessHandle.of(brokerPid.get()).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }
}
