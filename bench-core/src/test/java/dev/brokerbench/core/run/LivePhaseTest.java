package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.run.FaultyLoopbackDriver.Msg;
import dev.brokerbench.core.spi.Stamp;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Publishers and consumers at once, on the in-JVM fake broker. */
class LivePhaseTest {

    private static Workload live(PublishMode mode, long messages) {
        return Workload.of("l", List.of(new Phase("live", Action.LIVE, mode, true))).withMessages(messages, 0)
                .withMessage(16, true).withIdleTimeout(1).withQueue("q");
    }

    @ParameterizedTest
    @EnumSource(value = PublishMode.class, names = "TRANSACTED", mode = EnumSource.Mode.EXCLUDE) // not live
    void everyMessageIsReceivedOnceAndTimedFromItsSend(PublishMode mode) throws Exception {
        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false),
                live(mode, 4000));

        Accounting a = pass.accounting();
        assertThat(a.exact()).as(a.summary()).isTrue();
        assertThat(a.received()).isEqualTo(4000);
        assertThat(pass.phases()).extracting(PhaseResult::action).containsExactly(Action.PUBLISH, Action.LIVE);
        PhaseResult publishers = pass.phases().get(0);
        PhaseResult consumers = pass.phases().get(1);
        assertThat(consumers.reported()).isTrue();
        assertThat(publishers.reported()).isFalse();
        assertThat(consumers.completed()).isEqualTo(4000);
        assertThat(consumers.endToEnd().count()).as("one latency per first receipt").isEqualTo(4000);
        assertThat(consumers.logs().get(LatencyMetric.END_TO_END).intervals()).isNotEmpty();
        assertThat(publishers.endToEnd()).isNull();
        assertThat(publishers.latency() == null).as("confirm latency exactly when sends are confirmed")
                .isEqualTo(!mode.confirmed());
    }

    @Test
    void aMessageTheBrokerDropsIsReportedLost() throws Exception {
        FaultyLoopbackDriver driver = new FaultyLoopbackDriver(new LoopbackBroker(),
                Set.of(new Msg(1, 7), new Msg(3, 499)), Set.of(new Msg(2, 20)), Set.of());

        Accounting a = LoopbackRun.measured(driver, live(PublishMode.ASYNC, 2000)).accounting();

        assertThat(a.lost()).as(a.summary()).isEqualTo(2);
        assertThat(a.lostConfirmed()).isEqualTo(2);
        assertThat(a.duplicates()).isEqualTo(1);
        assertThat(a.received()).isEqualTo(1998);
    }

    /**
     * Every client's send of sequence 100 stalls for longer than the idle timeout, so nothing arrives meanwhile. The
     * consumers wait for them (the publishers are not done), and, the sends being paced, every message the stall held
     * back is charged the time since its intended send: not only the one that stalled.
     */
    @Test
    void aStalledSendIsChargedToEveryMessageItDelayedAndTheConsumersWaitForIt() throws Exception {
        long stallMillis = 1500;
        int perSecond = 200;
        LoopbackDriver stalling = new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
                if (stamp.sequence() == 100) {
                    try {
                        Thread.sleep(stallMillis);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                super.deliver(queue, stamp, payload);
            }
        };

        ScenarioRunner.Pass pass = LoopbackRun.measured(stalling, live(PublishMode.SYNC, 4 * 600).withRate(perSecond));

        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
        Histogram endToEnd = pass.phases().get(1).endToEnd().decode();
        long half = TimeUnit.MILLISECONDS.toNanos(stallMillis / 2);
        // each client's sequences 100.. were due every 5 ms during the stall: those due in its first half waited
        // more than half of it (150 per client)
        assertThat(endToEnd.getCountBetweenValues(half, Long.MAX_VALUE)).isGreaterThanOrEqualTo(4 * (perSecond * 3 / 4 - 10));
        assertThat(endToEnd.getMaxValue()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(stallMillis));
        assertThat(pass.phases().get(0).sendDelay().maxMicros()).isGreaterThan(stallMillis * 900);
    }
}
