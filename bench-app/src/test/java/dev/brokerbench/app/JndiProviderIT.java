package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.report.RunRecord;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.BrokerRuntime;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.broker.RuntimeKind;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.spi.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JMS providers as a user brings them: their own jars as files (target/providers/, copied by the build, loaded apart
 * from the suite's client libraries), their own JNDI context factory, against a broker the test starts. Each runs the
 * six queue cases through the path {@code jndi}, with capabilities probed (ActiveMQ Classic's client refuses the JMS
 * 2.0 CompletionListener, so its async cases are not run, with the provider's exception as the reason).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Wide // about 3.5 min on 2 cores; the default tier runs the same cases through the built-in paths
class JndiProviderIT {
    /** A provider: its jars, the broker it is tested against, and its JNDI file for the broker's endpoint. */
    record Provider(String name, String jars, String broker, Protocol protocol, boolean async,
                    Function<Endpoint, String> jndi) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Provider> providers() {
        return Stream.of(
                new Provider("artemis-jndi", "artemis", "artemis", Protocol.CORE, true, e -> String.join("\n",
                        "java.naming.factory.initial=org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory",
                        "connectionFactory.ConnectionFactory=tcp://" + e.hostAndPort())),
                new Provider("activemq-jndi", "activemq", "activemq", Protocol.OPENWIRE, false, e -> String.join("\n",
                        "java.naming.factory.initial=org.apache.activemq.jndi.ActiveMQInitialContextFactory",
                        "java.naming.provider.url=tcp://" + e.hostAndPort() + "?jms.prefetchPolicy.queuePrefetch=1000",
                        "connectionFactoryNames=Cf",
                        "brokerbench.connectionFactory=Cf")),
                new Provider("qpid-jndi", "qpid", "artemis", Protocol.AMQP, true, e -> String.join("\n",
                        "java.naming.factory.initial=org.apache.qpid.jms.jndi.JmsInitialContextFactory",
                        "connectionfactory.ConnectionFactory=amqp://" + e.hostAndPort()
                                + "?jms.prefetchPolicy.all=1000")));
    }

    private final Map<String, BrokerInstance> running = new HashMap<>();
    private BrokerEnvironment env;

    @BeforeAll
    void environment(@TempDir Path work) {
        Path dist = Path.of(System.getProperty("brokerbench.dist.dir", "target/broker-dist"));
        env = new BrokerEnvironment(dist, work, Duration.ofSeconds(90), "1g");
    }

    @AfterAll
    void stopBrokers() {
        running.values().forEach(BrokerInstance::close);
    }

    private Endpoint broker(Provider p) throws Exception {
        BrokerInstance instance = running.get(p.broker());
        if (instance == null) {
            BrokerRuntime runtime = Catalog.load().runtime(p.broker(), RuntimeKind.LOCAL).orElseThrow();
            Assumptions.assumeTrue(runtime.unavailableReason(env).isEmpty(),
                    () -> "SKIPPED " + p + ": " + runtime.unavailableReason(env).orElseThrow());
            instance = runtime.start(env);
            running.put(p.broker(), instance);
        }
        return instance.endpoint(p.protocol());
    }

    private Path jndiFile(Path dir, Provider p) throws Exception {
        Path file = dir.resolve(p.name() + ".properties");
        Files.writeString(file, p.jndi().apply(broker(p)) + "\n");
        return file;
    }

    private static String jars(Provider p) {
        Path dir = Path.of("target", "providers", p.jars());
        assertThat(dir).as("provider jars copied by the build (mvn verify)").isDirectoryContaining("glob:**.jar");
        return dir.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void runsTheSixQueueCases(Provider p, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        ItSupport.Cli cli = ItSupport.bench("run", "--warmup-seconds", "0", "--jndi", jndiFile(tmp, p).toString(),
                "--provider-jar", jars(p), "--provider-name", p.name(), "--broker", p.name(), "--case", "all",
                "--scale", ItSupport.scale(), "--out", out.toString(), "--no-progress");
        assertThat(cli.code()).as(cli.text()).isEqualTo(BenchCli.EXIT_OK);
        List<RunResult> results = new ResultStore(out).readAll();
        RunRecord record = Json.mapper().readValue(out.resolve(RunRecord.FILE).toFile(), RunRecord.class);
        List<String> ran = results.stream().map(r -> r.workload().name()).sorted().toList();
        assertThat(ran).isEqualTo(p.async() ? List.of("c1", "c2", "c3", "c4", "c5", "c6")
                : List.of("c1", "c2", "c5", "c6"));
        for (RunResult r : results) {
            String cell = p + "/" + r.workload().name();
            assertThat(r.status().ok()).as(cell + " " + r.status()).isTrue();
            assertThat(r.accounting().received()).as(cell).isEqualTo(r.accounting().confirmed()).isPositive();
            assertThat(r.client().clientPath()).isEqualTo("jndi");
            assertThat(r.client().settings().get("connection factory loaded from")).as(cell + ": the provider's jars,"
                    + " not the suite's client libraries").contains("/target/providers/" + p.jars() + "/");
            assertThat(r.client().settings()).as(cell).containsKey("jndi java.naming.factory.initial")
                    .containsEntry("prefetch", "as configured in " + p.name() + ".properties");
        }
        if (!p.async()) {
            assertThat(record.missing()).as("async cases not run, with the probe's reason")
                    .anySatisfy(m -> assertThat(m.reason()).contains("CompletionListener")
                            .contains("UnsupportedOperationException"));
        }
        assertThat(record.missing()).noneMatch(m -> m.kind().equals("failed"));
    }

    /**
     * A password in the JNDI file's URL and under a credentials key, as a user writes them: the run works (the
     * broker lets in anonymous connections; qpid-jms logs in with a password only with a user name) and no file under
     * {@code --out} and no console line holds either.
     */
    @Test
    void aPasswordInTheJndiFileReachesNoFileAndNoConsoleLine(@TempDir Path tmp) throws Exception {
        Provider qpid = providers().filter(p -> p.name().equals("qpid-jndi")).findFirst().orElseThrow();
        String inUrl = "Url-Secret-" + System.nanoTime();
        String underKey = "Key-Secret-" + System.nanoTime();
        Path jndi = Files.writeString(tmp.resolve("secret.properties"), String.join("\n",
                "java.naming.factory.initial=org.apache.qpid.jms.jndi.JmsInitialContextFactory",
                "connectionfactory.ConnectionFactory=amqp://" + broker(qpid).hostAndPort()
                        + "?jms.prefetchPolicy.all=1000&jms.password=" + inUrl,
                "java.naming.security.credentials=" + underKey) + "\n");
        Path out = tmp.resolve("run");
        ItSupport.Cli cli = ItSupport.bench("run", "--warmup-seconds", "0", "--jndi", jndi.toString(),
                "--provider-jar", jars(qpid), "--provider-name", "secret", "--broker", "secret", "--case", "c1",
                "--scale", ItSupport.scale(), "--out", out.toString(), "--no-progress");
        assertThat(cli.code()).as(cli.text()).isEqualTo(BenchCli.EXIT_OK);
        ItSupport.Cli report = ItSupport.bench("report", out.toString(), "--out", out.resolve("report").toString());
        assertThat(report.code()).as(report.text()).isZero();
        assertThat(cli.text() + report.text()).doesNotContain(inUrl).doesNotContain(underKey);
        List<Path> files;
        try (Stream<Path> walk = Files.walk(out)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files).as("files of the run").hasSizeGreaterThan(5);
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
            assertThat(text).as(f.toString()).doesNotContain(inUrl).doesNotContain(underKey);
        }
        assertThat(Files.readString(out.resolve("run.json"))).contains("jms.password=***");
    }

    /** A lookup that never answers (an LDAP server that accepts and stays silent) is refused after its timeout. */
    @Test
    void aLookupThatNeverAnswersIsRefusedAfterItsTimeout(@TempDir Path tmp) throws Exception {
        try (java.net.ServerSocket silent = new java.net.ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress())) {
            List<java.net.Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(silent.accept());
                    }
                } catch (java.io.IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            Path jndi = Files.writeString(tmp.resolve("ldap.properties"), String.join("\n",
                    "java.naming.factory.initial=com.sun.jndi.ldap.LdapCtxFactory",
                    "java.naming.provider.url=ldap://127.0.0.1:" + silent.getLocalPort() + "/dc=example") + "\n");
            Provider qpid = providers().filter(p -> p.name().equals("qpid-jndi")).findFirst().orElseThrow();
            long start = System.nanoTime();
            ItSupport.Cli cli = ItSupport.bench("run", "--jndi", jndi.toString(), "--provider-jar", jars(qpid),
                    "--case", "c1", "--out", tmp.resolve("never").toString());
            assertThat(cli.code()).as(cli.text()).isEqualTo(2);
            assertThat(cli.text()).contains("--jndi: the JNDI lookup of ldap.properties did not finish within 30 s");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(60));
            for (java.net.Socket socket : held) {
                socket.close();
            }
        }
    }

    @Test
    void listShowsTheProbedCapabilities(@TempDir Path tmp) throws Exception {
        Provider classic = providers().filter(p -> p.name().equals("activemq-jndi")).findFirst().orElseThrow();
        ItSupport.Cli cli = ItSupport.bench("list", "--jndi", jndiFile(tmp, classic).toString(), "--provider-jar",
                jars(classic), "--provider-name", classic.name());
        assertThat(cli.code()).as(cli.text()).isZero();
        assertThat(cli.text()).containsPattern("activemq-jndi +jndi +jndi +yes +no\\*")
                .contains("activemq-jndi / jndi / async publish (window): a send with a JMS 2.0 CompletionListener"
                        + " failed (probed before the run): UnsupportedOperationException")
                .contains("activemq-jndi / jndi / prefetch: as configured in activemq-jndi.properties");
    }

    @Test
    void aWrongNameAMissingJarABadPasswordOrAnUnreachableUrlIsAnOptionError(@TempDir Path tmp) throws Exception {
        Provider artemis = providers().filter(p -> p.name().equals("artemis-jndi")).findFirst().orElseThrow();
        Path good = jndiFile(tmp, artemis);
        Path wrongName = Files.writeString(tmp.resolve("wrong-name.properties"),
                Files.readString(good) + "brokerbench.connectionFactory=NoSuchFactory\n");
        Path unreachable = Files.writeString(tmp.resolve("unreachable.properties"), String.join("\n",
                "java.naming.factory.initial=org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory",
                "connectionFactory.ConnectionFactory=tcp://127.0.0.1:1?reconnectAttempts=0&initialConnectAttempts=1"));
        // the suite's Artemis has the user admin (password admin) and lets in anonymous connections, but not a
        // connection that gives credentials it refuses
        Path badPassword = Files.writeString(tmp.resolve("bad-password"), "not-admin\n");
        Path out = tmp.resolve("never");
        record Case(String option, String[] args) {
        }
        List<Case> cases = List.of(
                new Case("--jndi", new String[] {"--jndi", wrongName.toString(), "--provider-jar", jars(artemis)}),
                new Case("--provider-jar", new String[] {"--jndi", good.toString(), "--provider-jar",
                        tmp.resolve("missing.jar").toString()}),
                new Case("--provider-jar", new String[] {"--jndi", good.toString(), "--provider-jar", jars(
                        providers().filter(p -> p.name().equals("qpid-jndi")).findFirst().orElseThrow())}),
                new Case("--jndi", new String[] {"--jndi", unreachable.toString(), "--provider-jar", jars(artemis)}),
                new Case("--user", new String[] {"--jndi", good.toString(), "--provider-jar", jars(artemis), "--user",
                        "admin", "--password-file", badPassword.toString()}));
        for (Case c : cases) {
            List<String> args = new java.util.ArrayList<>(List.of("run", "--case", "c1", "--scale", "0.001", "--out",
                    out.toString(), "--no-progress"));
            args.addAll(List.of(c.args()));
            ItSupport.Cli cli = ItSupport.bench(args.toArray(String[]::new));
            assertThat(cli.code()).as(cli.text()).isEqualTo(2);
            assertThat(cli.text()).as(String.join(" ", c.args())).contains(c.option() + ":")
                    .doesNotContain("not-admin");
            assertThat(out).doesNotExist();
        }
    }
}
