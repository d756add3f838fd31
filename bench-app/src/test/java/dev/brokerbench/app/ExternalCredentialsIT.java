package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.brokers.artemis.ArtemisLocalRuntime;
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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Brokers the user runs, reached with the user's credentials ({@code --user}, {@code --password-file}) on every
 * path that speaks to them. The suite's Artemis knows the user admin (password admin) and refuses credentials it
 * does not know while it lets anonymous connections in, so a refused wrong password proves a path sends what it was
 * given; RabbitMQ's node knows guest (password guest), which every RabbitMQ path used unasked before. A refused
 * login is an option error (exit 2, nothing written), found before the run by connecting once per path.
 */
class ExternalCredentialsIT {
    private static final String WRONG = "not-the-password-7341";

    @TempDir
    Path tmp;

    @Test
    void everyPathLogsInAsTheUserSays() throws Exception {
        Path dist = Path.of(System.getProperty("brokerbench.dist.dir"));
        BrokerEnvironment env = new BrokerEnvironment(dist, Files.createDirectories(tmp.resolve("work")),
                Duration.ofSeconds(90), "1g");
        try (BrokerInstance artemis = new ArtemisLocalRuntime().start(env);
             BrokerInstance rabbitmq = new RabbitMqLocalRuntime().start(env)) {
            List<String> urls = List.of("--url", "artemis=core://" + artemis.endpoint(Protocol.CORE).hostAndPort(),
                    "--url", "artemis=openwire://" + artemis.endpoint(Protocol.OPENWIRE).hostAndPort(),
                    "--url", "artemis=amqp://" + artemis.endpoint(Protocol.AMQP).hostAndPort(),
                    "--url", "artemis=stomp://" + artemis.endpoint(Protocol.STOMP).hostAndPort(),
                    "--url", "rabbitmq=amqp091://" + rabbitmq.endpoint(Protocol.AMQP091).hostAndPort(),
                    "--url", "rabbitmq=stomp://" + rabbitmq.endpoint(Protocol.STOMP).hostAndPort());
            String paths = "artemis-core-jms,openwire-jms,qpid-jms,vertx-stomp,rabbitmq-jms,rabbitmq-amqp091";

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
                Path out = tmp.resolve("refused-" + cell.replace('/', '-'));
                ItSupport.Cli cli = ItSupport.bench(args(brokerAndPath[0], urls, brokerAndPath[1], "admin", wrong,
                        out));
                assertThat(cli.code()).as(cli.text()).isEqualTo(2);
                assertThat(cli.text()).as(cell).contains("--user: ", "did not let client path " + brokerAndPath[1]
                        + " connect: ", words).doesNotContain(WRONG);
                assertThat(out).as(cell + ": nothing written").doesNotExist();
            });

            Path admin = Files.writeString(tmp.resolve("admin"), "admin\n");
            List<RunResult> artemisCells = run("artemis", urls, paths, "admin", admin);
            Path guest = Files.writeString(tmp.resolve("guest"), "guest\n");
            List<RunResult> rabbitCells = run("rabbitmq", urls, paths, "guest", guest);
            assertThat(artemisCells).hasSize(4);
            assertThat(rabbitCells).hasSize(3);
            for (RunResult r : List.of(artemisCells, rabbitCells).stream().flatMap(List::stream).toList()) {
                assertThat(r.status()).as(cell(r)).isEqualTo(Status.OK);
                assertThat(r.accounting().received()).as(cell(r)).isEqualTo(r.accounting().sent()).isPositive();
                assertThat(r.client().settings().get("credentials")).as(cell(r)).contains("user ")
                        .contains("password given (not recorded)");
            }
        }
    }

    /** One run of c1 as {@code user}, which must end well. */
    private List<RunResult> run(String broker, List<String> urls, String paths, String user, Path password)
            throws Exception {
        Path out = tmp.resolve("out-" + broker);
        ItSupport.Cli cli = ItSupport.bench(args(broker, urls, paths, user, password, out));
        assertThat(cli.code()).as(cli.text()).isZero();
        return new ResultStore(out).readAll();
    }

    /** c1 on {@code broker} through {@code paths}, with the broker's URLs, as {@code user}. */
    private static String[] args(String broker, List<String> urls, String paths, String user, Path password,
                                 Path out) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--warmup-seconds", "0", "--steal-retries", "0",
                "--runtime", "external", "--broker", broker, "--client", paths, "--case", "c1", "--scale",
                ItSupport.scale(), "--user", user, "--password-file", password.toString(), "--out", out.toString(),
                "--no-progress"));
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
