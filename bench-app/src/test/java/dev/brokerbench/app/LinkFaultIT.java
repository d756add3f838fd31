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
 * The link between the clients and a real broker cut for 5 s (f11) and made lossy, 5 % of the packets dropped for
 * 10 s (f12), in the middle of a persistent sync publish, and lossy during a live case at 2,000 msg/s (f18), on
 * Artemis and RabbitMQ: nothing is confirmed through the cut (the longest silence holds it), a lossy link confirms
 * more slowly than the whole one did, or, at a paced rate, delays the slowest messages end to end by TCP's
 * retransmission timeout; TCP carries every message through (nothing failed, lost or duplicated), and no iptables
 * rule of the suite is left behind.
 */
@Wide
class LinkFaultIT {
    @TempDir
    Path tmp;

    @Test
    void aCutOrLossyLinkDelaysTheConfirmationsAndLosesNothing() throws Exception {
        Path out = tmp.resolve("link");
        ItSupport.FaultRun run = ItSupport.onArtemisAndRabbitMq(out, 10, "f11", "f12", "f19");
        ItSupport.Cli cli = run.cli();
        List<RunResult> results = run.results();
        for (RunResult r : results) {
            Accounting a = r.accounting();
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name() + ": "
                    + a.summary() + ", fault " + r.fault();
            Fault fault = QueueCase.faultOf(r.workload());
            long stated = fault.held().orElseThrow().toMillis();
            assertThat(r.fault().killed()).as(cell).isEqualTo(Fault.Target.LINK);
            assertThat(r.fault().countAtKill().orElseThrow()).as(cell + ": struck mid-publish")
                    .isGreaterThanOrEqualTo((long) (r.workload().messages() * fault.at()))
                    .isLessThan(r.workload().messages());
            assertThat(r.fault().heldMillis().orElseThrow()).as(cell + ": held as stated")
                    .isBetween(stated, stated + 2_000);
            assertThat(a.exact()).as(cell + ": TCP carried every message through, once").isTrue();
            assertThat(a.failed()).as(cell).isZero();
            assertThat(a.sent()).as(cell).isEqualTo(r.workload().messages());
            assertThat(r.fault().brokerCount().messages()).as(cell + ": the broker's own count").isEqualTo(a.sent());
            if (fault.form() == Fault.Form.CUT_LINK) {
                // no byte crosses a cut link: the silence holds the cut, and ends only after the heal
                assertThat(r.fault().silenceMillis().orElseThrow()).as(cell + ": the longest silence")
                        .isGreaterThanOrEqualTo(stated * 9 / 10);
                assertThat(r.fault().recoveryMillis()).as(cell + ": from the heal to the first confirmation")
                        .isPresent();
            } else {
                assertThat(r.fault().rateDuring()).as(cell + ": a lossy or slow link confirms more slowly")
                        .isLessThan(r.fault().rateBefore());
            }
        }
        assertThat(cli.text()).contains("cut the link to the broker (every packet dropped both ways, healed 5 s",
                "dropped 5 % of the packets to and from the broker for 10 s",
                "slowed the link to the broker (every byte held 20 + 0-10 ms each way, for 10 s");
        assertThat(Files.readString(out.resolve("summary.md"))).contains("partition 5 s", "5 % loss 10 s",
                "delay 20 + 0-10 ms 10 s");
        Process rules = new ProcessBuilder("iptables", "-w", "-S", "INPUT").redirectErrorStream(true).start();
        String left = new String(rules.getInputStream().readAllBytes());
        assertThat(rules.waitFor()).as(left).isZero();
        assertThat(left).as("the suite's iptables rules after the run").doesNotContain("brokerbench-");
    }

    /**
     * f18 and f20 at 6,000 messages (3 s at 2,000 msg/s, the fault from 0.75 s to the end): every message carried
     * through once at the paced rate; TCP's retransmissions (200 ms at least on Linux, after a lost tail or probe)
     * delay the slowest from their intended send to their receipt (f18), and a link that holds every byte 20-30 ms
     * each way delays most of them by 40 ms or more (f20); the queue is empty after it.
     */
    @Test
    void aLossyOrSlowLinkDelaysALiveCaseEndToEndAndLosesNothing() throws Exception {
        Path out = tmp.resolve("live");
        ItSupport.FaultRun run = ItSupport.onArtemisAndRabbitMq(out, 100, "f18", "f20");
        for (RunResult r : run.results()) {
            Accounting a = r.accounting();
            String cell = r.broker().brokerId() + "/" + r.client().clientPath() + "/" + r.workload().name() + ": "
                    + a.summary() + ", fault "
                    + r.fault();
            assertThat(r.fault().killed()).as(cell).isEqualTo(Fault.Target.LINK);
            assertThat(r.fault().heldMillis().orElseThrow()).as(cell + ": held as stated").isBetween(10_000L,
                    12_000L);
            assertThat(a.exact()).as(cell + ": TCP carried every message through, once").isTrue();
            assertThat(a.sent()).as(cell).isEqualTo(r.workload().messages());
            assertThat(r.fault().brokerCount().messages()).as(cell + ": the consumers took every message").isZero();
            if (r.workload().name().equals("f18")) {
                assertThat(r.reportedPhase().endToEnd().maxMicros()).as(cell + ": end to end through the loss")
                        .isGreaterThanOrEqualTo(100_000);
            } else {
                assertThat(r.reportedPhase().endToEnd().p50Micros()).as(cell + ": most messages crossed it slowed")
                        .isGreaterThanOrEqualTo(30_000);
            }
        }
        assertThat(Files.readString(out.resolve("summary.md"))).contains("5 % loss 10 s", "delay 20 + 0-10 ms 10 s",
                "live, async publish");
    }
}
