package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.report.RunRecord;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The published send/receive comparison (case s1) on real brokers: sends the broker never confirms (Kafka
 * {@code acks=0}, AMQP 0-9-1 without publisher confirms), then a drain that waits for every message the library took:
 * nothing confirmed, everything received exactly once; the paths that cannot send unconfirmed are reported with
 * their reason, not run.
 */
class SendReceiveIT {
    @TempDir
    Path tmp;

    @Test
    void unconfirmedSendsArriveExactlyOnceOnKafkaAndRabbitMq() throws Exception {
        Path out = tmp.resolve("s1");
        ItSupport.Cli cli = ItSupport.bench("run", "--warmup-seconds", "0", "--steal-retries", "0", "--runtime",
                "local", "--broker", "kafka,rabbitmq", "--client", "all", "--case", "s1", "--sweep",
                "payloadBytes=64,32768", "--scale", ItSupport.scale(), "--out", out.toString(), "--heap", "1g",
                "--no-progress");
        assertThat(cli.code()).as(cli.text()).isZero();
        List<RunResult> results = new ResultStore(out).readAll();
        assertThat(results).extracting(r -> r.broker().brokerId() + "/" + r.client().clientPath() + "/"
                + r.workload().name()).containsExactlyInAnyOrder(
                "kafka/kafka-clients/s1.64", "kafka/kafka-clients/s1.32768",
                "kafka/kafka-share/s1.64", "kafka/kafka-share/s1.32768",
                "rabbitmq/rabbitmq-amqp091/s1.64", "rabbitmq/rabbitmq-amqp091/s1.32768");
        for (RunResult r : results) {
            String cell = r.broker().brokerId() + "/" + r.workload().name();
            Accounting a = r.accounting();
            assertThat(r.reportedPhase().mode()).as(cell).isEqualTo(PublishMode.UNCONFIRMED);
            assertThat(a.sent()).as(cell).isEqualTo(r.workload().messages());
            assertThat(a.confirmed()).as(cell + ": the broker was never asked").isZero();
            assertThat(a.received()).as(cell + ": " + a.summary()).isEqualTo(a.sent());
            assertThat(a.duplicates() + a.lost() + a.foreign()).as(cell + ": " + a.summary()).isZero();
            assertThat(r.status()).as(cell).isEqualTo(Status.OK);
            assertThat(r.reportedPhase().rate().overall()).as(cell).isPositive();
            assertThat(r.phases().get(1).rate().overall()).as(cell + ": the receive figure").isPositive();
        }
        assertThat(results).filteredOn(r -> r.broker().brokerId().equals("kafka")).allSatisfy(r -> assertThat(
                r.client().settings().get("unconfirmedPublish")).startsWith("a producer with acks=0"));
        RunRecord record = Json.mapper().readValue(out.resolve(RunRecord.FILE).toFile(), RunRecord.class);
        assertThat(record.missing()).as("paths without unconfirmed sends, with the reason")
                .anySatisfy(m -> {
                    assertThat(m.clientPath()).isEqualTo("rabbitmq-jms");
                    assertThat(m.reason()).contains("unconfirmed publish", "JMS confirms every persistent send");
                })
                .noneMatch(m -> m.kind().equals("failed"));
    }
}
