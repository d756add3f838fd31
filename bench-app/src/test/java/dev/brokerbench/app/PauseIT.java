package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real broker paused (SIGSTOP to its processes, SIGCONT after the stated time) in the middle of a persistent sync
 * publish, then drained, and one of two consumer processes paused mid-drain (f16). Artemis and RabbitMQ confirm
 * nothing while stopped (the longest silence holds the pause), go on where they stood, and every sequence number is reconciled. f9 (5 s) is shorter than every path's send
 * timeout: nothing may fail, be lost or be duplicated. f10 (20 s) is longer than Artemis' and rabbitmq-jms's 10 s: a
 * send that timed out is counted failed, and nothing confirmed may be lost.
 */
@Wide
class PauseIT {
    @TempDir
    Path tmp;

    /**
     * f9 on Artemis and RabbitMQ in containers: the engine's pause (the cgroup freezer) stands the broker still as
     * SIGSTOP does, and every message is accounted for.
     */
    @Test
    void aFrozenContainerStandsStillAndGoesOnWithEveryMessageAccountedFor() throws Exception {
        ItSupport.assumeContainer(new dev.brokerbench.brokers.artemis.ArtemisContainerRuntime());
        ItSupport.assumeContainer(new dev.brokerbench.brokers.rabbitmq.RabbitMqContainerRuntime());
        Path out = tmp.resolve("frozen");
        ItSupport.FaultRun run = ItSupport.onArtemisAndRabbitMqIn("container", out, 10, "f9");
        for (RunResult r : run.results()) {
            Accounting a = r.accounting();
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + ": " + a.summary();
            assertThat(r.broker().runtime()).as(cell).isEqualTo(dev.brokerbench.core.broker.RuntimeKind.CONTAINER);
            assertThat(r.fault().heldMillis().orElseThrow()).as(cell + ": frozen to thawed").isBetween(5_000L,
                    7_000L);
            assertThat(r.fault().silenceMillis().orElseThrow()).as(cell + ": the longest silence")
                    .isGreaterThanOrEqualTo(4_500);
            assertThat(a.exact()).as(cell + ": every message arrived once").isTrue();
            assertThat(a.failed()).as(cell).isZero();
            assertThat(r.fault().brokerCount().messages()).as(cell + ": the broker holds every message sent")
                    .isEqualTo(a.sent());
        }
        assertThat(run.cli().text()).contains("paused the broker (frozen, thawed 5 s later");
    }

    @Test
    void aPausedBrokerStandsStillAndGoesOnWithEveryMessageAccountedFor() throws Exception {
        Path out = tmp.resolve("pause");
        ItSupport.FaultRun run = ItSupport.onArtemisAndRabbitMq(out, 10, "f9", "f10");
        ItSupport.Cli cli = run.cli();
        List<RunResult> results = run.results();
        for (RunResult r : results) {
            Accounting a = r.accounting();
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name() + ": "
                    + a.summary();
            long stated = QueueCase.faultOf(r.workload()).held().orElseThrow().toMillis();
            assertThat(r.fault().killed()).as(cell).isEqualTo(Fault.Target.BROKER);
            assertThat(r.fault().countAtKill().orElseThrow()).as(cell + ": paused mid-publish")
                    .isGreaterThanOrEqualTo(r.workload().messages() / 2).isLessThan(r.workload().messages());
            assertThat(r.fault().heldMillis().orElseThrow()).as(cell + ": SIGSTOP to SIGCONT")
                    .isBetween(stated, stated + 2_000);
            assertThat(r.fault().restartMillis()).as(cell + ": nothing restarted").isEmpty();
            assertThat(a.lostConfirmed()).as(cell).isZero();
            assertThat(a.duplicates()).as(cell + ": nothing was sent twice").isZero();
            assertThat(a.foreign()).as(cell).isZero();
            assertThat(r.fault().brokerCount()).as(cell + ": the broker's own count").isNotNull();
            if (a.failed() == 0) {
                // every client waited the pause out: the broker confirmed nothing while it stood still
                assertThat(r.fault().silenceMillis().orElseThrow()).as(cell + ": the longest silence")
                        .isGreaterThanOrEqualTo(stated * 9 / 10);
                assertThat(r.fault().recoveryMillis()).as(cell + ": from SIGCONT to the first confirmation")
                        .isPresent();
                assertThat(a.exact()).as(cell + ": every message arrived once").isTrue();
                assertThat(a.sent()).as(cell + ": every client sent all its messages")
                        .isEqualTo(r.workload().messages());
                assertThat(r.fault().brokerCount().messages()).as(cell + ": the broker holds every message sent")
                        .isEqualTo(a.sent());
            } else {
                // a timed-out send failed its client, which stopped; what it had sent may still have been stored
                assertThat(r.workload().name()).as(cell + ": only a pause past the send timeout fails a send")
                        .isEqualTo("f10");
                assertThat(r.reportedPhase().errors()).as(cell).isNotEmpty();
                assertThat(a.received() + a.lost()).as(cell + ": every send received or lost").isEqualTo(a.sent());
            }
        }
        assertThat(results.stream().filter(r -> r.workload().name().equals("f9")))
                .as("f9 is shorter than every send timeout").allMatch(r -> r.accounting().failed() == 0);
        assertThat(cli.text()).contains("paused the broker (SIGSTOP, SIGCONT 5 s later");
        assertThat(Files.readString(out.resolve("summary.md"))).contains("SIGSTOP broker 5 s",
                "SIGSTOP broker 20 s");
    }

    /**
     * One of two consumer processes paused 20 s mid-drain (f16): it held the messages the broker had handed it and
     * went on with them after SIGCONT; the other drained the rest. Every message arrives; the deliveries go quiet
     * until SIGCONT when the paused consumer held any.
     */
    @Test
    void aPausedConsumerHoldsItsMessagesAndGoesOnWithThem() throws Exception {
        Path out = tmp.resolve("consumer");
        ItSupport.Cli cli = ItSupport.bench("run", "--warmup-seconds", "0", "--steal-retries", "0", "--runtime",
                "local", "--broker", "artemis,rabbitmq", "--client", "artemis-core-jms,rabbitmq-amqp091", "--case",
                "f16", "--scale", ItSupport.faultScale(), "--out", out.toString(), "--heap", "1g", "--no-progress");
        List<RunResult> results = new dev.brokerbench.core.result.ResultStore(out).readAll();
        assertThat(results).as(cli.text()).extracting(r -> r.broker().brokerId() + "/" + r.client().clientPath())
                .containsExactlyInAnyOrder("artemis/artemis-core-jms", "rabbitmq/rabbitmq-amqp091");
        for (RunResult r : results) {
            Accounting a = r.accounting();
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + ": " + a.summary();
            assertThat(r.fault().killed()).as(cell).isEqualTo(Fault.Target.CONSUMER);
            assertThat(r.fault().node()).as(cell).startsWith("consumer process 1 of 2 (pid ");
            assertThat(r.fault().countAtKill()).as(cell + ": paused mid-drain, at the threshold")
                    .hasValue((long) Math.ceil(a.confirmed() * 0.5));
            assertThat(r.fault().heldMillis().orElseThrow()).as(cell + ": SIGSTOP to SIGCONT")
                    .isBetween(20_000L, 22_000L);
            assertThat(r.fault().restartMillis()).as(cell + ": nothing restarted").isEmpty();
            assertThat(a.lost()).as(cell + ": a paused consumer loses nothing").isZero();
            assertThat(a.received()).as(cell).isEqualTo(a.sent());
            if (r.fault().recoveryMillis().isPresent()) {
                // it held messages: nothing could deliver them while it stood still
                assertThat(r.fault().silenceMillis().orElseThrow()).as(cell + ": the deliveries' longest silence")
                        .isGreaterThanOrEqualTo(10_000);
            }
        }
        assertThat(cli.text()).contains("paused consumer process 1 of 2 (pid ");
        assertThat(Files.readString(out.resolve("summary.md"))).contains("SIGSTOP consumer 20 s");
    }
}
