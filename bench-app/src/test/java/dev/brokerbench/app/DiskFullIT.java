package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.result.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real broker's disk filled in the middle of a persistent sync publish, its data directory on a 256 MB filesystem
 * of its own, every free byte taken (f13) or all but 20 MB (f14), then freed 10 s later. What each broker does is its
 * own (it blocks its producers, stops itself, or lives on with a queue that crashed); what must hold: the fault
 * struck mid-publish and held as stated, the broker was started again on its data before the drain (so every cell
 * after meets a whole broker, whatever the cells' order), every send is received or lost and nothing twice, a
 * confirmed message lost is a LOSS the broker's own count agrees with, RabbitMQ's disk alarm blocks its publishers
 * below its 50 MB limit and amqp-client (a 30 s wait for a confirm) rides the block out, and no mount or loop device
 * of the suite's is left behind.
 */
@Wide
class DiskFullIT {
    @TempDir
    Path tmp;

    @Test
    void whatABrokerConfirmedSurvivesItsDiskFillingUp() throws Exception {
        Path out = tmp.resolve("disk");
        ItSupport.FaultRun run = ItSupport.onArtemisAndRabbitMq(out, 50, "f13", "f14");
        ItSupport.Cli cli = run.cli();
        List<RunResult> results = run.results();
        for (RunResult r : results) {
            Accounting a = r.accounting();
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name() + ": "
                    + a.summary() + ", fault " + r.fault() + ", broker said " + r.brokerPressure();
            Fault.FillDisk fault = (Fault.FillDisk) QueueCase.faultOf(r.workload());
            assertThat(r.fault().killed()).as(cell).isEqualTo(Fault.Target.DISK);
            assertThat(r.fault().countAtKill().orElseThrow()).as(cell + ": filled mid-publish")
                    .isGreaterThanOrEqualTo((long) (r.workload().messages() * fault.at()))
                    .isLessThan(r.workload().messages());
            assertThat(r.fault().heldMillis().orElseThrow()).as(cell + ": full as long as stated")
                    .isBetween(fault.full().toMillis(), fault.full().toMillis() + 5_000);
            assertThat(r.fault().restartMillis()).as(cell + ": started again before the drain").isPresent();
            if (a.lostConfirmed() > 0) {
                // a broker may lose what it confirmed to a full disk: a finding, told as such, and its own count
                // must agree it does not hold them
                assertThat(r.status()).as(cell).isEqualTo(Status.LOSS);
                assertThat(r.fault().brokerCount().messages()).as(cell + ": the broker's own count agrees")
                        .isLessThan(a.confirmed());
                assertThat(a.lostConfirmedWhere()).as(cell).isNotEmpty();
            }
            assertThat(a.duplicates()).as(cell).isZero();
            assertThat(a.received() + a.lost()).as(cell + ": every send received or lost").isEqualTo(a.sent());
            assertThat(r.fault().brokerCount()).as(cell + ": the broker counted its queue after it").isNotNull();
            if (r.broker().brokerId().equals("rabbitmq") && fault.leftBytes() > 0) {
                // 20 MB left is below its 50 MB disk_free_limit: the alarm blocks the publishers
                assertThat(r.brokerPressure()).as(cell).anyMatch(p -> p.contains("producers blocked (disk alarm)"));
                if (r.client().clientPath().equals("rabbitmq-amqp091")) {
                    // its sync send waits 30 s for a confirm: the 10 s block fails nothing (rabbitmq-jms waits 10 s)
                    assertThat(a.failed()).as(cell).isZero();
                    assertThat(a.exact()).as(cell).isTrue();
                    assertThat(r.fault().silenceMillis().orElseThrow()).as(cell + ": blocked until space returned")
                            .isGreaterThanOrEqualTo(fault.full().toMillis() / 2);
                }
            }
        }
        assertThat(cli.text()).contains("filled the broker's disk (its 256 MB filesystem, every free byte taken",
                "all but 20 MB taken");
        assertThat(Files.readString(out.resolve("summary.md"))).contains("disk full 10 s",
                "disk near full (20 MB left) 10 s");
        Process mounts = new ProcessBuilder("sh", "-c", "mount; losetup -a").redirectErrorStream(true).start();
        String left = new String(mounts.getInputStream().readAllBytes());
        mounts.waitFor();
        assertThat(left).as("the suite's filesystems after the run").doesNotContain("brokerbench-");
    }
}
