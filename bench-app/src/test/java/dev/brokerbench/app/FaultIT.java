package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.report.RunRecord;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a real broker in the middle of a persistent sync and async publish, restart on the same data, drain:
 * every sequence number is reconciled, and the brokers configured to sync before confirming lose nothing they
 * confirmed.
 */
@Exclusive
class FaultIT {
    @TempDir
    Path tmp;

    /**
     * Runs the cases and checks what holds for every fault cell; the exit code must say what the results say: 0 when
     * every cell accounted for every message, 1 when one did not (Apollo's losses, a DUP after a resend).
     */
    private List<RunResult> run(Path out, String brokers, String cases) throws Exception {
        ItSupport.Cli cli = ItSupport.bench("run", "--warmup-seconds", "0", "--runtime", "local", "--broker", brokers, "--case", cases,
                "--scale", ItSupport.faultScale(), "--out", out.toString(), "--heap", "1g", "--no-progress");
        List<RunResult> results = new ResultStore(out).readAll();
        RunRecord record = Json.mapper().readValue(out.resolve(RunRecord.FILE).toFile(), RunRecord.class);
        assertThat(record.missing()).as("cells that failed to run").noneMatch(m -> m.kind().equals("failed"));
        assertThat(cli.code()).as(cli.text()).isEqualTo(results.stream().allMatch(r -> r.status().ok())
                ? BenchCli.EXIT_OK : BenchCli.EXIT_PROBLEM);
        for (RunResult r : results) {
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name();
            Accounting a = r.accounting();
            assertThat(r.fault()).as(cell).isNotNull();
            if (r.fault().killed() == Fault.Target.BROKER) {
                assertThat(r.fault().countAtKill().orElseThrow()).as(cell + " killed mid-publish").isPositive();
                assertThat(r.fault().restartMillis().orElseThrow()).as(cell + " restarted").isPositive();
            } else {
                // killed mid-drain, exactly at the threshold (checked at every delivery)
                assertThat(r.fault().countAtKill()).as(cell + " killed mid-drain")
                        .hasValue((long) Math.ceil(a.confirmed() * r.fault().at()));
                assertThat(r.fault().recoveryMillis()).as(cell).isPresent();
                assertThat(r.fault().restartMillis()).as(cell + ": the broker was not restarted").isEmpty();
                // no "redelivered > 0" here: the killed consumer may hold nothing unacknowledged at the kill (it had just
                // acknowledged a batch; CI saw RabbitMQ f3 with 0 redelivered once); zero loss is what must hold
            }
            assertThat(a.lostConfirmed()).as(cell).isLessThanOrEqualTo(a.confirmed());
            assertThat(a.unconfirmedPresent()).as(cell).isLessThanOrEqualTo(a.sent() - a.confirmed());
            assertThat(a.foreign()).as(cell).isZero();
        }
        assertThat(Files.readString(out.resolve("summary.md"))).contains("## Durability");
        return results;
    }

    /**
     * Broker kills: nothing confirmed is lost, nothing duplicated. Consumer kills: nothing lost; the dead consumer's
     * unacknowledged messages reach the survivor flagged as redelivered (duplicates only of what it had reported).
     * Broker kills the clients ride out with their own reconnection: nothing confirmed is lost, a send gets through
     * after the restart, and a resend of a message that had arrived may show as a duplicate (status DUP).
     */
    @Test
    void brokersThatSyncBeforeConfirmingLoseNothingTheyConfirmed() throws Exception {
        List<RunResult> results = run(tmp.resolve("durable"), "artemis,activemq,rabbitmq", "f1,f2");
        // Artemis f1+f2, Classic f1 (no JMS 2.0 async), RabbitMQ native and JMS f1+f2
        assertThat(results).hasSize(7);
        assertDurable(results);
    }

    /**
     * A consumer process killed mid-drain (f3) and clients that reconnect by themselves through the broker's kill
     * (f4): nothing lost, nothing confirmed lost.
     */
    @Test
    @Wide
    void consumerKillsAndReconnectingClientsLoseNothing() throws Exception {
        List<RunResult> results = run(tmp.resolve("reconnect"), "artemis,activemq,rabbitmq", "f3,f4");
        // Artemis, Classic and RabbitMQ native each (RabbitMQ's JMS path: a listener consumer without client ack,
        // a connection without recovery)
        assertThat(results).hasSize(6);
        assertDurable(results);
    }

    private static void assertDurable(List<RunResult> results) {
        for (RunResult r : results) {
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name() + ": "
                    + r.accounting().summary();
            if (r.broker().brokerId().equals("rabbitmq") && r.fault().killed() == Fault.Target.BROKER
                    && r.accounting().lostConfirmed() > 0) {
                // RabbitMQ 3.10 sometimes comes back from the kill without the queue (3 of 35 runs by hand on
                // 2026-11-23, and in CI on a node already killed twice; the queue was declared about a second
                // before the kill; the log says it recovered no such classic queue): the clients' topology
                // recovery declares an empty one, and everything confirmed before the kill is gone. Such a loss
                // is accepted only in that shape (seen with reconnecting clients, f4, and in CI on 2026-11-23 and
                // 2026-11-24 without, f2, where the count then reads "404 NOT_FOUND, no such queue": 0): the broker's
                // own count agrees with the drain, and each client
                // lost one unbroken run of its messages from its first one on, nothing after it
                if (Fault.reconnects(QueueCase.faultOf(r.workload()))) {
                    assertThat(r.fault().recoveryMillis()).as(cell + ": a send confirmed after the restart")
                            .isPresent();
                }
                assertBrokerCountAgrees(r, cell);
                // (what else a client lost are sends never confirmed: f1's send in flight at the kill, CI 2026-11-24)
                assertThat(r.accounting().perProducer()).as(cell + ": each client lost a prefix of its messages")
                        .allSatisfy(p -> assertThat(p.lostConfirmedRanges()).hasSize(1).first()
                                .satisfies(lost -> {
                                    assertThat(lost.first()).isZero();
                                    assertThat(p.lost() - lost.count()).as("lost besides the confirmed prefix")
                                            .isLessThanOrEqualTo(p.sent() - p.confirmed());
                                }));
                continue;
            }
            if (Fault.reconnects(QueueCase.faultOf(r.workload()))) {
                assertThat(r.fault().recoveryMillis()).as(cell + ": a send confirmed after the restart")
                        .isPresent();
                assertThat(r.accounting().lostConfirmed()).as(cell).isZero();
                assertThat(r.status()).as(cell).isIn(Status.OK, Status.DUP);
                continue;
            }
            assertThat(r.accounting().lostConfirmed()).as(cell).isZero();
            if (r.fault().killed() == Fault.Target.BROKER) {
                if (r.broker().brokerId().equals("rabbitmq")) {
                    assertThat(r.fault().brokerRecovery()).as(cell + ": RabbitMQ's log at the restart")
                            .matches("Recovering [1-9][0-9]* queues of type rabbit_classic_queue");
                }
                assertThat(r.accounting().duplicates()).as(cell).isZero();
                // the second witness agrees: what the broker held after its restart is what the drain received
                assertBrokerCountAgrees(r, cell);
            } else {
                // the broker hands the dead consumer's messages on when its connection drops, not when a keep-alive
                // timeout expires: an Artemis consumer that carried a confirmation window waited out the 60 s TTL
                assertThat(r.fault().recoveryMillis().orElseThrow()).as(cell + ": redelivery after the consumer's kill")
                        .isLessThan(30_000);
                assertThat(r.accounting().lost()).as(cell).isZero();
                assertThat(r.accounting().duplicates()).as(cell).isLessThanOrEqualTo(r.accounting().redelivered());
            }
            assertThat(r.status()).as(cell).isEqualTo(Status.OK);
        }
    }

    /**
     * Kafka fsyncing every produce before acknowledging it (the variant comparable with the brokers above) is killed
     * mid-publish, sync (f1) and async (f2), and restarted on the same log: nothing it acknowledged is lost or
     * duplicated (the idempotent producer), and its own count (end offsets - the group's committed offsets) is what
     * the drain received. Its clients never stop retrying by themselves: a producer that is not to reconnect gives
     * up after its delivery timeout, and the restart follows.
     */
    @Test
    @Wide
    void kafkaWithFsyncLosesNothingItAcknowledged() throws Exception {
        List<RunResult> results = run(tmp.resolve("kafka"), "kafka-fsync", "f1,f2");
        assertThat(results).extracting(r -> r.workload().name()).containsExactlyInAnyOrder("f1", "f2");
        for (RunResult r : results) {
            String cell = r.client().clientPath() + "/" + r.workload().name() + ": " + r.accounting().summary();
            assertThat(r.accounting().lostConfirmed()).as(cell).isZero();
            assertThat(r.accounting().duplicates()).as(cell).isZero();
            assertBrokerCountAgrees(r, cell);
            assertThat(r.status()).as(cell).isEqualTo(Status.OK);
        }
    }

    /**
     * Apollo (LevelDB, sync=true) comes back on the same data, but loses messages it had confirmed (over AMQP 1.0 and
     * OpenWire; in 8 of 11 kills on 2026-11-23, all of them in 5): reported as LOSS, so the reconciliation is
     * asserted, and that the losses are the broker's: after every broker kill its own count (a STOMP browse) equals
     * what the drain received.
     */
    @Test
    @Wide
    void apolloIsKilledRestartedAndReconciled() throws Exception {
        // the broker kills without reconnection, where Apollo loses what it confirmed
        List<RunResult> results = run(tmp.resolve("apollo"), "apollo", "f1,f2");
        assertThat(results).extracting(r -> r.workload().name()).containsExactlyInAnyOrder("f1", "f2");
        for (RunResult r : results) {
            assertBrokerCountAgrees(r, r.client().clientPath() + "/" + r.workload().name() + ": "
                    + r.accounting().summary());
        }
    }

    /**
     * The second witness: the broker's own count of the queue after its restart equals what the drain received,
     * duplicates included (a resent message that had arrived is on the queue twice), so a loss is the broker's.
     */
    private static void assertBrokerCountAgrees(RunResult r, String cell) {
        assertThat(r.fault().brokerCount()).as(cell + ": the broker's own count after the restart").isNotNull();
        assertThat(r.fault().brokerCount().messages()).as(cell + ": " + r.fault().brokerCount().source())
                .isEqualTo(r.accounting().received() + r.accounting().duplicates());
    }
}
