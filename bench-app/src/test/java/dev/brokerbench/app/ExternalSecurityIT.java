package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.brokers.artemis.ArtemisLocalRuntime;
import dev.brokerbench.brokers.kafka.KafkaLocalRuntime;
import dev.brokerbench.brokers.kafka.KafkaSecureListener;
import dev.brokerbench.core.broker.Credentials;
import dev.brokerbench.brokers.rabbitmq.RabbitMqLocalRuntime;
import dev.brokerbench.core.broker.BrokerEnvironment;
import dev.brokerbench.core.broker.BrokerInstance;
import dev.brokerbench.core.broker.Protocol;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import dev.brokerbench.app.tls.TestCertificates;
import dev.brokerbench.app.tls.TlsTerminator;
import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.StoreFile;
import dev.brokerbench.core.broker.Tls;
import dev.brokerbench.core.model.AckMode;
import dev.brokerbench.core.model.ClientSpec;
import dev.brokerbench.core.spi.Catalog;
import dev.brokerbench.core.spi.ClientSetting;
import dev.brokerbench.core.spi.Driver;
import dev.brokerbench.core.spi.DriverFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Brokers the user runs, reached with the user's credentials ({@code --user}, {@code --password-file}) and over TLS
 * ({@code PROTOCOL+tls} URLs, {@code --trust-store}, {@code --key-store}) on every path that speaks to them. The
 * suite's Artemis knows the user admin (password admin) and refuses credentials it does not know while it lets
 * anonymous connections in, so a refused wrong password proves a path sends what it was given; RabbitMQ's node knows
 * guest (password guest). TLS is served by a TLS acceptor in front of each plain port that asks for a client
 * certificate ({@link TlsTerminator}, stores made by keytool): a path that ignored the trust store, the host name or
 * the key store would fail or be refused. Kafka serves TLS and SASL itself ({@link KafkaSecureListener}: SASL_SSL
 * with PLAIN and SCRAM-SHA-512, a client certificate required). A refused login or handshake is an option error
 * (exit 2, nothing written), found before the run.
 */
class ExternalSecurityIT {
    private static final String WRONG = "not-the-password-7341";
    private static final List<String> PATHS = List.of("artemis/artemis-core-jms", "artemis/openwire-jms",
            "artemis/qpid-jms", "artemis/vertx-stomp", "rabbitmq/rabbitmq-jms", "rabbitmq/rabbitmq-amqp091",
            "rabbitmq/vertx-stomp", "kafka/kafka-clients");
    /** Kafka's listeners know only their users: the user of the TLS checks below, and of the Kafka run. */
    private static final Credentials KAFKA_ADMIN = new Credentials(Optional.of("admin"), Optional.of("admin"));

    @TempDir
    Path tmp;

    @Test
    void everyPathLogsInAsTheUserSaysOverTls() throws Exception {
        Path dist = Path.of(System.getProperty("brokerbench.dist.dir"));
        BrokerEnvironment env = new BrokerEnvironment(dist, Files.createDirectories(tmp.resolve("work")),
                Duration.ofSeconds(90), "1g");
        TestCertificates certs = new TestCertificates(Files.createDirectories(tmp.resolve("certs")));
        Path storePassword = Files.writeString(tmp.resolve("store-password"), TestCertificates.PASSWORD + "\n");
        Tls brokerSide = tls(certs, "client", "broker");
        List<TlsTerminator> terminators = new ArrayList<>();
        // Kafka's TLS is its own (a TLS front end cannot serve it: metadata sends clients to the advertised listener),
        // with a SASL login on top: SASL_SSL listeners, one showing the broker's certificate, one the stranger's
        int secure = dev.brokerbench.process.Ports.freeLoopbackPort();
        int stranger = dev.brokerbench.process.Ports.freeLoopbackPort();
        Map<String, String> kafkaUsers = Map.of("admin", "admin");
        List<KafkaSecureListener> kafkaListeners = List.of(
                new KafkaSecureListener("SECURE", secure, certs.keyStore("broker"),
                        Optional.of(certs.trustStore("client")), TestCertificates.PASSWORD, kafkaUsers),
                new KafkaSecureListener("STRANGER", stranger, certs.keyStore("stranger"),
                        Optional.of(certs.trustStore("client")), TestCertificates.PASSWORD, kafkaUsers));
        try (BrokerInstance artemis = new ArtemisLocalRuntime().start(env);
             BrokerInstance rabbitmq = new RabbitMqLocalRuntime().start(env);
             BrokerInstance kafka = new KafkaLocalRuntime(kafkaListeners).start(env)) {
            assertThat(kafka.endpoint(Protocol.KAFKA).port()).isNotIn(secure, stranger);
            List<String> urls = List.of("--url", "artemis=core://" + artemis.endpoint(Protocol.CORE).hostAndPort(),
                    "--url", "artemis=openwire://" + artemis.endpoint(Protocol.OPENWIRE).hostAndPort(),
                    "--url", "artemis=amqp://" + artemis.endpoint(Protocol.AMQP).hostAndPort(),
                    "--url", "artemis=stomp://" + artemis.endpoint(Protocol.STOMP).hostAndPort(),
                    "--url", "rabbitmq=amqp091://" + rabbitmq.endpoint(Protocol.AMQP091).hostAndPort(),
                    "--url", "rabbitmq=stomp://" + rabbitmq.endpoint(Protocol.STOMP).hostAndPort());
            List<String> tlsUrls = new ArrayList<>();
            Map<String, Integer> misnamed = new java.util.HashMap<>();
            Tls strangerSide = tls(certs, "client", "stranger");
            for (int i = 1; i < urls.size(); i += 2) {
                String url = urls.get(i);
                int port = Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
                TlsTerminator terminator = new TlsTerminator(brokerSide.sslContext(), true, port);
                TlsTerminator elsewhere = new TlsTerminator(strangerSide.sslContext(), true, port);
                terminators.add(terminator);
                terminators.add(elsewhere);
                tlsUrls.add("--url");
                tlsUrls.add(url.replace("://", "+tls://").replace(":" + port, ":" + terminator.port()));
                misnamed.put(url.substring(0, url.indexOf(':')), elsewhere.port());
            }
            tlsUrls.addAll(List.of("--url", "kafka=kafka+tls://127.0.0.1:" + secure));
            misnamed.put("kafka=kafka", stranger);

            // a wrong password is an option error before anything is written, in each broker's own words: Core,
            // OpenWire, AMQP 1.0 (SASL) and STOMP on Artemis; AMQP 0-9-1 (native and JMS) and STOMP on RabbitMQ
            Path wrong = Files.writeString(tmp.resolve("wrong"), WRONG + "\n");
            Map<String, String> refusals = Map.of(
                    "artemis/artemis-core-jms", "AMQ229031", "artemis/openwire-jms", "password is invalid",
                    "artemis/qpid-jms", "Client failed to authenticate using SASL: PLAIN",
                    "artemis/vertx-stomp", "Security Error occurred: User name [admin]",
                    "rabbitmq/rabbitmq-jms", "ACCESS_REFUSED", "rabbitmq/rabbitmq-amqp091", "ACCESS_REFUSED",
                    "rabbitmq/vertx-stomp", "Access refused for user 'admin'");
            refusals.forEach((cell, words) -> {
                String[] brokerAndPath = cell.split("/");
                refused(cell, args(brokerAndPath[0], urls, brokerAndPath[1], "admin", wrong, List.of()),
                        "--user: ", "did not let client path " + brokerAndPath[1] + " connect: ", words);
            });

            // every path verifies the broker's certificate and that it names the host connected to, and presents
            // the client's: each refuses a certificate it does not trust and one trusted that names another host,
            // and a broker that asks for a client certificate refuses it without one
            Tls client = tls(certs, "broker", "client");
            ClientSpec spec = new ClientSpec(1000, 1000, AckMode.AUTO, 1, true, 64);
            Catalog catalog = Catalog.load();
            for (String cell : PATHS) {
                String[] brokerAndPath = cell.split("/");
                DriverFactory path = catalog.requirePath(brokerAndPath[1]);
                Credentials login = brokerAndPath[0].equals("kafka") ? KAFKA_ADMIN : Credentials.NONE;
                Endpoint terminated = new Endpoint(path.protocol(), "127.0.0.1",
                        port(tlsUrls, brokerAndPath[0], path.protocol()), login);
                Map<String, Endpoint> refused = Map.of(
                        "untrusted", terminated.with(tls(certs, "stranger", "client")),
                        "naming another host", new Endpoint(path.protocol(), "127.0.0.1",
                                misnamed.get(brokerAndPath[0] + "=" + path.protocol()), login).with(tls(certs,
                                "stranger", "client")),
                        "without a client certificate", terminated.with(new Tls(client.trustStore(),
                                Optional.empty())));
                refused.forEach((why, endpoint) -> assertThatThrownBy(() -> connect(path, brokerAndPath[0], endpoint,
                        spec)).as(cell + " connected to a broker " + why).isNotNull());
                connect(path, brokerAndPath[0], terminated.with(client), spec);
            }

            // the TLS checks before a run, with the option to change: a trust store that does not trust the
            // broker, no client certificate where one is asked for, a port that serves no TLS
            List<String> storeArgs = List.of("--trust-store", certs.trustStore("broker").toString(),
                    "--trust-store-password-file", storePassword.toString(),
                    "--key-store", certs.keyStore("client").toString(),
                    "--key-store-password-file", storePassword.toString());
            Path admin = Files.writeString(tmp.resolve("admin"), "admin\n");
            refused("untrusted", args("artemis", tlsUrls, "artemis-core-jms", "admin", admin,
                            List.of("--trust-store", certs.trustStore("stranger").toString(),
                                    "--trust-store-password-file", storePassword.toString())),
                    "--trust-store: the certificate of ActiveMQ Artemis at core+tls://127.0.0.1:", "is not trusted");
            refused("no client certificate", args("artemis", tlsUrls, "artemis-core-jms", "admin", admin,
                            storeArgs.subList(0, 4)),
                    "--key-store: ActiveMQ Artemis at core+tls://127.0.0.1:", "refused the TLS handshake");
            refused("plain port", args("artemis", List.of("--url", urls.get(1).replace("://", "+tls://")),
                            "artemis-core-jms", "admin", admin, storeArgs),
                    "--url: ActiveMQ Artemis at core+tls://127.0.0.1:", "did not complete a TLS handshake");
            refused("wrong store password", args("artemis", tlsUrls, "artemis-core-jms", "admin", admin,
                            List.of("--trust-store", certs.trustStore("broker").toString(),
                                    "--trust-store-password-file", wrong.toString())),
                    "--trust-store: cannot open ", "trusts-broker.p12: the password given does not open it");
            refused("stores without TLS", args("artemis", urls, "artemis-core-jms", "admin", admin, storeArgs),
                    "--trust-store: the stores are for brokers reached over TLS");

            // SASL: Kafka's login (PLAIN unless told) refuses a wrong password and a mechanism its listener does not
            // offer; AMQP 1.0's client offers only the mechanism it is told (Artemis offers no SCRAM by default)
            refused("kafka wrong password", args("kafka", tlsUrls, "kafka-clients", "admin", wrong, storeArgs),
                    "--user: Apache Kafka did not let client path kafka-clients connect: ",
                    "Invalid username or password");
            refused("kafka mechanism not offered", args("kafka", tlsUrls, "kafka-clients", "admin", admin,
                            with(storeArgs, "--sasl-mechanism", "SCRAM-SHA-256")),
                    "--user: Apache Kafka did not let client path kafka-clients connect: ", "SCRAM-SHA-256");
            refused("qpid-jms mechanism not offered", args("artemis", urls, "qpid-jms", "admin", admin,
                            List.of("--sasl-mechanism", "SCRAM-SHA-512")),
                    "--user: ActiveMQ Artemis did not let client path qpid-jms connect: ",
                    "Could not find a suitable SASL mechanism", "Server offered: [PLAIN, ANONYMOUS]");

            // a run over TLS with the user's credentials on every path; Kafka's with SCRAM
            List<RunResult> artemisCells = run("artemis", tlsUrls, "admin", admin, storeArgs);
            Path guest = Files.writeString(tmp.resolve("guest"), "guest\n");
            List<RunResult> rabbitCells = run("rabbitmq", tlsUrls, "guest", guest, storeArgs);
            List<RunResult> kafkaCells = run("kafka", tlsUrls, "admin", admin,
                    with(storeArgs, "--sasl-mechanism", "SCRAM-SHA-512"));
            assertThat(artemisCells).hasSize(4);
            assertThat(rabbitCells).hasSize(3);
            assertThat(kafkaCells).hasSize(1);
            assertThat(kafkaCells.get(0).client().settings().get("credentials")).contains("SASL SCRAM-SHA-512");
            assertThat(kafkaCells.get(0).client().settings().get(ClientSetting.URL.key())).contains("SASL_SSL");
            for (RunResult r : List.of(artemisCells, rabbitCells, kafkaCells).stream().flatMap(List::stream)
                    .toList()) {
                assertThat(r.status()).as(cell(r)).isEqualTo(Status.OK);
                assertThat(r.accounting().received()).as(cell(r)).isEqualTo(r.accounting().sent()).isPositive();
                assertThat(r.client().settings().get("credentials")).as(cell(r)).contains("user ")
                        .contains("password given (not recorded)");
                assertThat(r.client().settings().get("tls")).as(cell(r)).contains("client-key.p12", "trusts-broker.p12");
                assertThat(r.client().settings().toString()).as(cell(r)).doesNotContain(TestCertificates.PASSWORD);
            }
        } finally {
            for (TlsTerminator t : terminators) {
                t.close();
            }
        }
    }

    private static List<String> with(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all;
    }

    private static Tls tls(TestCertificates certs, String trusted, String key) {
        return new Tls(Optional.of(StoreFile.open(certs.trustStore(trusted), Optional.of(TestCertificates.PASSWORD))),
                Optional.of(StoreFile.open(certs.keyStore(key), Optional.of(TestCertificates.PASSWORD))));
    }

    private static void connect(DriverFactory path, String broker, Endpoint endpoint, ClientSpec spec)
            throws Exception {
        try (Driver driver = path.create(broker, endpoint, spec)) {
            driver.verifyConnection();
        }
    }

    /** The TLS port in front of {@code broker}'s {@code protocol} endpoint. */
    private static int port(List<String> tlsUrls, String broker, Protocol protocol) {
        String prefix = broker + "=" + protocol + "+tls://";
        String url = tlsUrls.stream().filter(u -> u.startsWith(prefix)).findFirst().orElseThrow();
        return Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
    }

    /** A run that must end in an option error, with these words, before anything is written. */
    private void refused(String what, String[] args, String... words) {
        Path out = Path.of(args[java.util.Arrays.asList(args).indexOf("--out") + 1]);
        ItSupport.Cli cli = ItSupport.bench(args);
        assertThat(cli.code()).as(what + ": " + cli.text()).isEqualTo(2);
        assertThat(cli.text()).as(what).contains(words).doesNotContain(WRONG).doesNotContain(TestCertificates.PASSWORD);
        assertThat(out).as(what + ": nothing written").doesNotExist();
        System.out.println("refused (" + what + "): " + cli.text().strip());
    }

    /** One run of c1 as {@code user} on every path, which must end well. */
    private List<RunResult> run(String broker, List<String> urls, String user, Path password, List<String> extra)
            throws Exception {
        String[] args = args(broker, urls, String.join(",", PATHS.stream().filter(c -> c.startsWith(broker + "/"))
                .map(c -> c.split("/")[1]).toList()), user, password, extra);
        ItSupport.Cli cli = ItSupport.bench(args);
        assertThat(cli.code()).as(cli.text()).isZero();
        return new ResultStore(Path.of(args[java.util.Arrays.asList(args).indexOf("--out") + 1])).readAll();
    }

    private int outs;

    /** c1 on {@code broker} through {@code paths}, with the broker's URLs, as {@code user}, into a new directory. */
    private String[] args(String broker, List<String> urls, String paths, String user, Path password,
                          List<String> extra) {
        Path out = tmp.resolve("out-" + (++outs));
        List<String> args = new ArrayList<>(List.of("run", "--warmup-seconds", "0", "--steal-retries", "0",
                "--runtime", "external", "--broker", broker, "--client", paths, "--case", "c1", "--scale",
                ItSupport.scale(), "--user", user, "--password-file", password.toString(), "--out", out.toString(),
                "--no-progress"));
        args.addAll(extra);
        for (int i = 0; i < urls.size(); i += 2) {
            if (urls.get(i + 1).startsWith(broker + "=")) {
                args.add(urls.get(i));
                args.add(urls.get(i + 1));
            }
        }
        return args.toArray(String[]::new);
    }

    private static String cell(RunResult r) {
        return r.broker().brokerId() + "/" + r.client().clientPath();
    }
}
