package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.brokers.activemq.ActiveMqClassicContainerRuntime;
import dev.brokerbench.brokers.activemq.ActiveMqClassicLocalRuntime;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.spi.Catalog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtimes through the CLI: brokers in containers (a kill -9 + restart that keeps the confirmed messages; Classic
 * and Kafka in the default tier, the others in the wide one), {@code --runtime auto} with and without a reachable
 * engine, and an external broker given by URL.
 */
class ContainerRunIT {
    @TempDir
    Path tmp;

    private static String run(int expectedExit, String... args) {
        ItSupport.Cli cli = ItSupport.bench(args);
        if (expectedExit >= 0) {
            assertThat(cli.code()).as(cli.text()).isEqualTo(expectedExit);
        }
        return cli.text();
    }

    private static String cell(RunResult r) {
        return r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name() + ": "
                + r.accounting().summary();
    }

    /**
     * A journal on a volume (ActiveMQ Classic's KahaDB) and a log (Kafka's), killed in their containers through the
     * CLI; every broker's container kill and restart is also checked by the runtime's own test (bench-brokers'
     * ContainerRuntimeIT), and RabbitMQ's kills locally by FaultIT.
     */
    private static final List<String> KILLED_BY_DEFAULT = List.of("activemq", "kafka");

    @Test
    void classicAndKafkaRunInContainersAndKeepConfirmedMessagesThroughKill9() throws Exception {
        // one default path each
        killEachInAContainer(KILLED_BY_DEFAULT, 2);
    }

    @Test
    @Wide
    void theOtherBrokersRunInContainersAndKeepConfirmedMessagesThroughKill9() throws Exception {
        List<String> others = ItSupport.brokersOnce().stream().map(b -> b.id())
                .filter(id -> !KILLED_BY_DEFAULT.contains(id)).toList();
        // Artemis, Apollo: one default path each; RabbitMQ: native and JMS
        killEachInAContainer(others, 4);
    }

    /**
     * f1 alone on each broker in a container: it publishes, kills the container mid-publish, restarts it on its
     * volume and drains (the seed cases run in SeedMatrixIT).
     */
    private void killEachInAContainer(List<String> brokers, int cells) throws Exception {
        Catalog.load().runtimes(RuntimeKind.CONTAINER).stream()
                .filter(r -> brokers.contains(r.broker().id())).forEach(ItSupport::assumeContainer);
        Path out = tmp.resolve("container");
        ItSupport.Cli cli = ItSupport.bench("run", "--warmup-seconds", "0", "--steal-retries", "0",
                "--runtime", "container", "--broker", String.join(",", brokers), "--case", "f1", "--scale",
                ItSupport.faultScale(), "--heap", "1g", "--out", out.toString(), "--no-progress");
        List<RunResult> results = new ResultStore(out).readAll();
        assertThat(cli.code()).as("exit 0 only where every cell accounted for every message: " + cli.text())
                .isEqualTo(results.stream().allMatch(r -> r.status().ok()) ? BenchCli.EXIT_OK : BenchCli.EXIT_PROBLEM);
        assertThat(results).hasSize(cells);
        for (RunResult r : results) {
            Accounting a = r.accounting();
            assertThat(r.broker().runtime()).as(cell(r)).isEqualTo(RuntimeKind.CONTAINER);
            assertThat(r.broker().image()).as(cell(r)).isNotBlank();
            assertThat(r.broker().imageId()).as(cell(r)).startsWith("sha256:");
            assertThat(a.foreign()).as(cell(r)).isZero();
            assertThat(r.fault().countAtKill().orElseThrow()).as(cell(r) + " killed mid-publish").isPositive();
            assertThat(r.fault().restartMillis().orElseThrow()).as(cell(r) + " restarted").isPositive();
            if (!r.broker().brokerId().equals("apollo")) {
                // the volume kept what the broker confirmed: nothing confirmed is lost
                assertThat(a.lostConfirmed()).as(cell(r)).isZero();
                assertThat(a.received()).as(cell(r)).isGreaterThanOrEqualTo(a.confirmed());
            }
        }
    }

    @Test
    void autoRunsInAContainerWhenTheEngineAndImageAreThere() throws Exception {
        ItSupport.assumeContainer(new ActiveMqClassicContainerRuntime());
        Path out = tmp.resolve("auto");
        run(0, "run", "--warmup-seconds", "0", "--steal-retries", "0",
                "--runtime", "auto", "--broker", "activemq", "--case", "c1", "--scale", ItSupport.scale(),
                "--heap", "1g", "--out", out.toString(), "--no-progress");
        assertThat(new ResultStore(out).readAll()).singleElement()
                .satisfies(r -> assertThat(r.broker().runtime()).isEqualTo(RuntimeKind.CONTAINER));
    }

    /** A separate JVM whose Docker host answers nothing: auto says why and runs the broker as a local process. */
    @Test
    void autoRunsLocallyWhenNoEngineAnswers() throws Exception {
        Path out = tmp.resolve("auto-local");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-jar", ItSupport.benchJar().toString(), "run", "--warmup-seconds", "0",
                "--steal-retries", "0", "--runtime", "auto", "--broker", "activemq", "--case", "c1", "--scale",
                ItSupport.scale(), "--heap", "1g", "--out", out.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("DOCKER_HOST", "unix://" + tmp.resolve("no-docker.sock"));
        env.put("TESTCONTAINERS_DOCKER_CLIENT_STRATEGY",
                "org.testcontainers.dockerclient.EnvironmentAndSystemPropertyClientProviderStrategy");
        Process p = pb.start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        System.out.println(text);
        assertThat(p.exitValue()).as(text).isZero();
        assertThat(text).contains("runtime auto: ActiveMQ Classic runs as a local process, not in a container:");
        assertThat(new ResultStore(out).readAll()).singleElement()
                .satisfies(r -> assertThat(r.broker().runtime()).isEqualTo(RuntimeKind.LOCAL));
    }

    /** A broker the suite did not start, given by URL: measured, never killed (fault cases are not run on it). */
    @Test
    void externalRunsAgainstABrokerGivenByUrl() throws Exception {
        Path dist = Path.of(System.getProperty("brokerbench.dist.dir"));
        try (BrokerInstance broker = new ActiveMqClassicLocalRuntime().start(
                new BrokerEnvironment(dist, Files.createDirectories(tmp.resolve("work")), Duration.ofSeconds(90),
                        "1g"))) {
            Path out = tmp.resolve("external");
            String text = run(0, "run", "--warmup-seconds", "0", "--steal-retries", "0",
                    "--runtime", "external", "--url",
                    "activemq=openwire://" + broker.endpoint(Protocol.OPENWIRE).hostAndPort(), "--broker", "activemq",
                    "--case", "c1,f1", "--scale", ItSupport.scale(), "--out", out.toString(), "--no-progress");
            assertThat(text).contains("fault injection needs a broker the suite runs");
            RunResult r = new ResultStore(out).readAll().stream().filter(x -> x.workload().name().equals("c1"))
                    .findFirst().orElseThrow();
            assertThat(r.broker().runtime()).isEqualTo(RuntimeKind.EXTERNAL);
            assertThat(r.accounting().received()).isEqualTo(r.accounting().sent()).isPositive();
            assertThat(new ResultStore(out).readAll()).hasSize(1);

            // the same broker as "any STOMP server": the generic dialect, the gaps an unknown server has declared
            Path stomp = tmp.resolve("external-stomp");
            String stompText = run(0, "run", "--warmup-seconds", "0", "--steal-retries", "0",
                    "--runtime", "external", "--url", "stomp=stomp://" + broker.endpoint(Protocol.STOMP).hostAndPort(),
                    "--broker", "stomp", "--case", "c1,c5,o1,r1", "--sweep", "payloadBytes=64", "--scale",
                    ItSupport.scale(), "--out", stomp.toString(), "--no-progress");
            assertThat(stompText).contains("request reply: unsupported (STOMP 1.2 defines no temporary reply");
            List<RunResult> cells = new ResultStore(stomp).readAll();
            assertThat(cells).extracting(x -> x.workload().name()).containsExactlyInAnyOrder("c1", "c5", "o1.64");
            for (RunResult cell : cells) {
                assertThat(cell.broker().brokerId()).isEqualTo("stomp");
                assertThat(cell.client().clientPath()).isEqualTo("vertx-stomp");
                assertThat(cell.broker().runtime()).isEqualTo(RuntimeKind.EXTERNAL);
                if (cell.rpc() != null) {
                    assertThat(cell.rpc().serverReceived()).as(cell.rpc().summary()).isEqualTo(cell.rpc().sent())
                            .isPositive();
                } else {
                    assertThat(cell.accounting().received()).isEqualTo(cell.accounting().sent()).isPositive();
                }
            }
            assertThat(cells).filteredOn(x -> x.workload().name().equals("c5")).singleElement()
                    .satisfies(c5 -> assertThat(c5.caveats()).anyMatch(c -> c.contains("prefetch not equivalent")));
            assertThat(broker.pid()).as("the suite left the external broker running").isPresent();
        }
    }
}
