package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.CallCase;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RpcAccounting;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Request/reply on every broker (each one's default client path) and both broker-less baselines, through the CLI at
 * a small scale: every call answered correctly (correlation id and every byte + 1) and counted at three points;
 * one-way on every broker, with nothing lost except on Apollo (reconciled only: over AMQP it leaves part of a 4 KB
 * one-way or pipelined stream undelivered, reported as LOSS); the report shows the sweep tables and charts. The ZeroMQ baseline
 * may time out a call whose reply comes late (JeroMQ once held replies for over 10 s in CI, status TIMEOUT), but
 * never answers wrongly or loses a request.
 */
class RpcIT {
    private static final Set<String> BROKERS = Set.of("artemis", "activemq", "rabbitmq", "apollo");
    private static final Set<String> BASELINES = Set.of("zeromq", "grpc");

    @TempDir
    Path tmp;

    @Test
    void everyBrokerAndBaselineAnswersEveryCallCorrectly() throws Exception {
        Path out = tmp.resolve("rpc");
        ItSupport.Cli cli = ItSupport.bench("run", "--warmup-seconds", "0", "--steal-retries", "0",
                "--runtime", "local", "--broker", ItSupport.brokersOnceArgument(BASELINES.toArray(String[]::new)),
                "--case", "r1,r2,r5,o1",
                "--sweep", "payloadBytes=1,4096", "--sweep", "clients=8", "--scale", ItSupport.scale(), "--out",
                out.toString(), "--heap", "1g", "--no-progress");
        List<RunResult> results = new ResultStore(out).readAll();
        boolean onlyToleratedNotOk = results.stream().filter(r -> !r.status().ok())
                .allMatch(r -> apolloStream(r) || zeroMqLate(r));
        assertThat(cli.code()).as(cli.text()).isEqualTo(onlyToleratedNotOk
                && results.stream().anyMatch(r -> !r.status().ok()) ? 1 : 0);

        for (RunResult r : results) {
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name();
            RpcAccounting a = r.rpc();
            assertThat(a).as(cell).isNotNull();
            assertThat(a.sent()).as(cell).isEqualTo(r.workload().messages());
            assertThat(a.serverReceived() + a.lost()).as(cell + ": " + a.summary()).isEqualTo(a.sent());
            if (apolloStream(r)) {
                assertThat(a.wrongBody() + a.wrongCorrelation()).as(cell + ": " + a.summary()).isZero();
                continue;
            }
            assertThat(a.serverReceived()).as(cell + ": " + a.summary()).isEqualTo(a.sent());
            assertThat(a.lost()).as(cell).isZero();
            if (zeroMqLate(r)) {
                assertThat(a.correct() + a.timedOut()).as(cell + ": " + a.summary()).isEqualTo(a.sent());
                assertThat(a.wrongBody() + a.wrongCorrelation()).as(cell + ": " + a.summary()).isZero();
                continue;
            }
            if (r.reportedPhase().action() == Action.RPC) {
                assertThat(a.exactCalls()).as(cell + ": " + a.summary()).isTrue();
                assertThat(r.reportedPhase().latency().count()).as(cell).isEqualTo(a.correct());
            }
            assertThat(r.status()).as(cell).isEqualTo(Status.OK);
        }
        Set<String> rpcTargets = cells(results, "r1.4096");
        assertThat(rpcTargets).as("r1 on every broker and baseline").containsAll(BROKERS).containsAll(BASELINES);
        assertThat(cells(results, "r2.8")).containsAll(BROKERS).containsAll(BASELINES);
        assertThat(cells(results, "r5.1")).as("pipelined").containsAll(BROKERS).containsAll(BASELINES);
        assertThat(cells(results, "o1.4096")).as("one-way on the brokers").containsAll(BROKERS);
        assertThat(cli.text()).contains("zeromq", "grpc", "one-way", "Not run:", "one way: unsupported");

        String summary = Files.readString(out.resolve("summary.md"));
        assertThat(summary).contains("## Request/reply and one-way", "### r1:", "### r2:", "### o1:");

        Path report = tmp.resolve("report");
        ItSupport.Cli rendered = ItSupport.bench("report", out.toString(), "--out", report.toString());
        assertThat(rendered.code()).as(rendered.text()).isZero();
        String html = Files.readString(report.resolve("index.html"));
        assertThat(html).contains("id=\"calls\"", "chart-sweep-r1-rate", "chart-sweep-r1-latency",
                "chart-sweep-r2-rate", "chart-sweep-o1-rate");
    }

    /**
     * STOMP request/reply and one-way on the four brokers that speak it, each with its own reply destination
     * (ActiveMQ's and Apollo's /temp-queue/, RabbitMQ's implicit /temp-queue/ subscription, a private Artemis queue):
     * every call answered correctly, every one-way message counted by a server.
     */
    @Test
    @Wide
    void stompAnswersEveryCallOnEveryBrokerThatSpeaksIt() throws Exception {
        Path out = tmp.resolve("stomp-rpc");
        ItSupport.Cli cli = ItSupport.bench("run", "--warmup-seconds", "0", "--steal-retries", "0",
                "--runtime", "local", "--broker", String.join(",", BROKERS), "--client", "vertx-stomp",
                "--case", "r1,o1", "--sweep", "payloadBytes=1,4096", "--scale", ItSupport.scale(),
                "--out", out.toString(), "--heap", "1g", "--no-progress");
        assertThat(cli.code()).as(cli.text()).isZero();
        List<RunResult> results = new ResultStore(out).readAll();
        assertThat(results).as(cli.text()).hasSize(BROKERS.size() * 2 * 2);
        for (RunResult r : results) {
            String cell = r.broker().brokerId() + "/" + r.workload().name();
            RpcAccounting a = r.rpc();
            assertThat(a.serverReceived()).as(cell + ": " + a.summary()).isEqualTo(a.sent())
                    .isEqualTo(r.workload().messages());
            if (r.reportedPhase().action() == Action.RPC) {
                assertThat(a.exactCalls()).as(cell + ": " + a.summary()).isTrue();
            }
            assertThat(r.status()).as(cell).isEqualTo(Status.OK);
            assertThat(r.client().settings().get("requestReply")).as(cell).contains("reply-to");
        }
        assertThat(cells(results, "r1.4096")).isEqualTo(BROKERS);
        assertThat(cells(results, "o1.4096")).isEqualTo(BROKERS);
    }

    private static boolean zeroMqLate(RunResult r) {
        return r.broker().brokerId().equals("zeromq") && r.status() == Status.TIMEOUT;
    }

    /**
     * Apollo over AMQP leaves part of a stream undelivered: one-way, and pipelined calls (more than one in flight;
     * seen once in CI: r5 with 4 KB, 19 of 80 requests never reached a server). Reconciled only.
     */
    private static boolean apolloStream(RunResult r) {
        return r.broker().brokerId().equals("apollo") && (r.reportedPhase().action() == Action.ONEWAY
                || CallCase.of(r.workload()).rpc().window() > 1);
    }

    private static Set<String> cells(List<RunResult> results, String name) {
        return results.stream().filter(r -> r.workload().name().equals(name)).map(r -> r.broker().brokerId())
                .collect(Collectors.toSet());
    }
}
