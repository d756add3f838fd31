package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.run.FaultyLoopbackDriver.Msg;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class AccountingTest {

    static Workload workload(PublishMode mode, long messages) {
        return workload(mode, messages, 4);
    }

    static Workload workload(PublishMode mode, long messages, int clients) {
        return Workload.of("t", List.of(new Phase("publish", Action.PUBLISH, mode, true),
                new Phase("drain", Action.CONSUME, null, false))).withClients(clients).withMessages(messages, 0)
                .withMessage(16, true).withIdleTimeout(1).withQueue("q");
    }

    private static Accounting run(LoopbackDriver driver, PublishMode mode) throws Exception {
        return run(driver, workload(mode, 4000));
    }

    private static Accounting run(LoopbackDriver driver, Workload workload) throws Exception {
        ScenarioRunner.Outcome out = new ScenarioRunner(ProgressListener.NONE, FAST)
                .run(workload, CellContext.of(driver, "test"));
        return out.measured().accounting();
    }

    @ParameterizedTest
    @EnumSource(PublishMode.class)
    void cleanRunIsExact(PublishMode mode) throws Exception {
        Accounting a = run(new LoopbackDriver(new LoopbackBroker(), false), mode);
        assertThat(a.exact()).as(a.summary()).isTrue();
        assertThat(a.sent()).isEqualTo(4000);
        assertThat(a.confirmed()).as("unconfirmed sends are never confirmed").isEqualTo(mode.confirmed() ? 4000 : 0);
        assertThat(a.received()).isEqualTo(4000);
        assertThat(a.reordered()).isZero();
        assertThat(a.perProducer()).extracting(Accounting.ProducerAccount::sent).containsOnly(1000L);
    }

    @ParameterizedTest
    @EnumSource(PublishMode.class)
    void reportsEachDroppedAndDuplicatedMessageExactly(PublishMode mode) throws Exception {
        FaultyLoopbackDriver driver = new FaultyLoopbackDriver(new LoopbackBroker(),
                Set.of(new Msg(0, 10), new Msg(2, 999), new Msg(3, 0)),
                Set.of(new Msg(1, 5), new Msg(1, 6)),
                Set.of());

        Accounting a = run(driver, mode);

        assertThat(a.sent()).isEqualTo(4000);
        assertThat(a.confirmed()).isEqualTo(mode.confirmed() ? 4000 : 0);
        assertThat(a.lost()).as("the drain waits for every message the library took, then counts the missing")
                .isEqualTo(3);
        assertThat(a.lostConfirmed()).isEqualTo(mode.confirmed() ? 3 : 0);
        assertThat(a.received()).isEqualTo(3997);
        assertThat(a.duplicates()).isEqualTo(2);
        assertThat(a.redelivered()).isEqualTo(2);
        assertThat(a.exact()).isFalse();
        assertThat(a.perProducer().get(0).lost()).isEqualTo(1);
        assertThat(a.perProducer().get(1).duplicates()).isEqualTo(2);
        assertThat(a.perProducer().get(2).lost()).isEqualTo(1);
        assertThat(a.perProducer().get(3).lost()).isEqualTo(1);
        assertThat(a.perProducer()).extracting(p -> p.lostConfirmedRanges().toString())
                .containsExactly(mode.confirmed() ? new String[] {"[10]", "[]", "[999]", "[0]"}
                        : new String[] {"[]", "[]", "[]", "[]"});
    }

    /** Ordering is per consumer and producer (as JMS defines it), so one client shows every swap. */
    @ParameterizedTest
    @EnumSource(PublishMode.class)
    void reportsEachReorderedMessageExactly(PublishMode mode) throws Exception {
        FaultyLoopbackDriver driver = new FaultyLoopbackDriver(new LoopbackBroker(), Set.of(), Set.of(),
                Set.of(new Msg(0, 500), new Msg(0, 700), new Msg(0, 900)));

        Accounting a = run(driver, workload(mode, 1000, 1));

        assertThat(a.reordered()).isEqualTo(3);
        assertThat(a.lost()).isZero();
        assertThat(a.duplicates()).isZero();
        assertThat(a.received()).isEqualTo(1000);
        assertThat(a.perConsumer()).extracting(Accounting.ConsumerAccount::reordered).containsExactly(3L);
    }

    @ParameterizedTest
    @EnumSource(PublishMode.class)
    void countsMessagesFromElsewhereAsForeign(PublishMode mode) throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        LoopbackDriver driver = new LoopbackDriver(broker, false);
        broker.queue("q").add(new LoopbackBroker.Envelope(
                new dev.brokerbench.core.spi.Stamp(12345L << 16, 0, 0), new byte[0], false));

        Accounting a = run(driver, mode);

        assertThat(a.foreign()).isEqualTo(1);
        assertThat(a.lost()).isZero();
        assertThat(a.received()).isEqualTo(4000);
    }

    /**
     * A message an earlier phase of this run sent (a warm-up's, delivered again after a broker's restart rewound what
     * its consumers had acknowledged) is counted apart from a stranger's: neither is the phase's own.
     */
    @ParameterizedTest
    @EnumSource(PublishMode.class)
    void countsAnEarlierPhasesMessageApartFromAStrangers(PublishMode mode) throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        dev.brokerbench.core.metrics.Streams warmup = new dev.brokerbench.core.metrics.Streams(4, 40);
        broker.queue("q").add(new LoopbackBroker.Envelope(
                new dev.brokerbench.core.spi.Stamp(warmup.id(2), 7, 0), new byte[16], false));
        broker.queue("q").add(new LoopbackBroker.Envelope(
                new dev.brokerbench.core.spi.Stamp(warmup.id(2), 8, 0), new byte[16], false));
        broker.queue("q").add(new LoopbackBroker.Envelope(
                new dev.brokerbench.core.spi.Stamp(12345L << 16, 0, 0), new byte[0], false));

        Accounting a = run(new LoopbackDriver(broker, false), mode);

        assertThat(a.earlier()).as(a.summary()).isEqualTo(2);
        assertThat(a.foreign()).as(a.summary()).isEqualTo(1);
        assertThat(a.received()).isEqualTo(4000);
        assertThat(a.duplicates()).isZero();
        assertThat(a.summary()).contains("foreign=1 earlier=2");
    }

    @ParameterizedTest
    @EnumSource(PublishMode.class)
    void reportsRatesOverThousandMessageWindows(PublishMode mode) throws Exception {
        // count-only windows (no minimum duration): an in-JVM queue completes 1000 messages in far less than 100 ms
        ScenarioRunner.Outcome out = new ScenarioRunner(ProgressListener.NONE, FAST,
                new dev.brokerbench.core.model.RateWindow(1000, Duration.ZERO))
                .run(workload(mode, 10_500), CellContext.of(new LoopbackDriver(new LoopbackBroker(), false), "test"));
        var publish = out.measured().phases().get(0);
        assertThat(publish.rate().windows()).isEqualTo(10);
        assertThat(publish.rate().windowMin()).isPositive().isLessThanOrEqualTo(publish.rate().windowMax());
        assertThat(publish.series().seconds()).hasSize(11);
        if (mode.confirmed()) {
            assertThat(publish.latency().count()).isEqualTo(10_500);
        } else {
            assertThat(publish.latency()).as("no confirmation latency without confirmations").isNull();
        }
        assertThat(publish.completed()).isEqualTo(10_500);
    }
}
