package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RpcAccounting;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Request/reply while a server dies (f7) or the broker does (f8). f7: the server sessions run in two processes of
 * their own, the first is killed with kill -9 halfway through the calls, and the clients send a call again when its
 * reply is 2 s overdue. f8: the broker is killed halfway and restarted at once; clients and servers reconnect by
 * their library's own recovery, and a call is sent again when its reply is 5 s overdue. On Artemis and RabbitMQ every
 * call is answered right in the end, and every reply and every send is accounted for: a reply is a call's answer or
 * an answer twice, a send reached a server or was lost (with the killed server, or in the broker's outage).
 */
@Wide
class RpcFaultIT {
    @TempDir
    Path tmp;

    @Test
    void everyCallIsAnsweredRightWhenOneOfTwoServerProcessesIsKilled() throws Exception {
        Path out = tmp.resolve("f7");
        ItSupport.Cli cli = run(out, "f7");
        List<RunResult> results = new ResultStore(out).readAll();
        assertThat(results).extracting(r -> r.broker().brokerId() + "/" + r.client().clientPath())
                .containsExactlyInAnyOrder("artemis/artemis-core-jms", "rabbitmq/rabbitmq-amqp091",
                        "rabbitmq/rabbitmq-jms");
        assertThat(cli.code()).as(cli.text()).isEqualTo(BenchCli.EXIT_OK);
        for (RunResult r : results) {
            String cell = assertEveryCallAnswered(r);
            assertThat(r.fault().killed()).as(cell).isEqualTo(Fault.Target.SERVER);
            assertThat(r.fault().node()).as(cell).matches("server process 1 of 2 \\(pid \\d+, 2 sessions\\)");
            if (r.rpc().retried() > 0) {
                assertThat(r.fault().recoveryMillis()).as(cell + ": a retried call answered after the kill")
                        .isPresent();
            }
            var cpu = r.reportedPhase().resources();
            assertThat(cpu.serverCpuSeconds()).as(cell + ": the server processes' CPU").isNotNull().isPositive();
            assertThat(cpu.brokerCpuSeconds()).as(cell + ": the broker's CPU").isNotNull().isPositive();
        }
        assertThat(Files.readString(out.resolve("summary.md"))).contains("## Request/reply under faults",
                "server process 1 of 2");
        assertThat(cli.text()).contains("CPU µs/call client / server / broker", "killed server process 1 of 2");
    }

    /** rabbitmq-jms has no reconnection: its f8 cell is not run, and says why. */
    @Test
    void everyCallIsAnsweredRightWhenTheBrokerIsKilledAndRestarted() throws Exception {
        Path out = tmp.resolve("f8");
        ItSupport.Cli cli = run(out, "f8");
        List<RunResult> results = new ResultStore(out).readAll();
        assertThat(results).extracting(r -> r.broker().brokerId() + "/" + r.client().clientPath())
                .containsExactlyInAnyOrder("artemis/artemis-core-jms", "rabbitmq/rabbitmq-amqp091");
        assertThat(cli.code()).as(cli.text()).isEqualTo(BenchCli.EXIT_OK);
        for (RunResult r : results) {
            String cell = assertEveryCallAnswered(r);
            assertThat(r.fault().killed()).as(cell).isEqualTo(Fault.Target.BROKER);
            assertThat(r.fault().restartMillis().orElseThrow()).as(cell + ": restarted").isPositive();
            assertThat(r.fault().recoveryMillis()).as(cell + ": a call answered after the restart").isPresent();
        }
        assertThat(cli.text()).contains("killed the broker after", "reconnect: unsupported");
    }

    /** Runs one case on Artemis and RabbitMQ: 400 calls at the default it scale, the kill after 200 answers. */
    private static ItSupport.Cli run(Path out, String kase) throws Exception {
        String scale = new BigDecimal(ItSupport.scale()).multiply(BigDecimal.valueOf(20)).toPlainString();
        return ItSupport.bench("run", "--warmup-seconds", "0", "--steal-retries", "0", "--runtime", "local",
                "--broker", "artemis,rabbitmq", "--case", kase, "--scale", scale, "--out", out.toString(), "--heap",
                "1g", "--no-progress");
    }

    /** Every call answered right in the end, every reply and send accounted for, the kill mid-run; the cell. */
    private static String assertEveryCallAnswered(RunResult r) {
        String cell = r.broker().brokerId() + "/" + r.client().clientPath() + ": " + r.rpc().summary();
        RpcAccounting a = r.rpc();
        assertThat(r.fault().countAtKill().orElseThrow()).as(cell + ": killed mid-run")
                .isGreaterThanOrEqualTo(a.sent() / 2).isLessThan(a.sent());
        assertThat(r.fault().silenceMillis()).as(cell + ": answers went on after the kill").isPresent();
        assertThat(a.sent()).as(cell).isEqualTo(r.workload().messages());
        assertThat(a.correct()).as(cell + ": every call answered right").isEqualTo(a.sent());
        assertThat(a.neverAnswered() + a.late() + a.wrongBody() + a.wrongCorrelation()).as(cell).isZero();
        assertThat(a.replies()).as(cell + ": each reply an answer or an answer twice")
                .isEqualTo(a.correct() + a.answeredTwice());
        assertThat(a.retried()).as(cell + ": each timed-out send sent again").isEqualTo(a.timedOut());
        assertThat(a.serverReceived() + a.lost()).as(cell + ": each send received or lost")
                .isGreaterThanOrEqualTo(a.sent() + a.retried());
        assertThat(r.status()).as(cell).isEqualTo(Status.OK);
        return cell;
    }
}
