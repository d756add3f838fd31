package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Backlog;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.Processing;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.RateSchedule;
import dev.brokerbench.core.model.SizeMix;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.BacklogDrain;
import dev.brokerbench.core.result.LatencyMetric;
import dev.brokerbench.core.result.PhaseResult;
import dev.brokerbench.core.result.ScheduleStep;
import dev.brokerbench.core.result.SizeClasses;
import dev.brokerbench.core.spi.Stamp;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.Test;

/** Bodies of several sizes and slow consumers, on the in-JVM fake broker. */
class TrafficTest {

    private static Workload publishThenDrain(boolean reportConsume) {
        return Workload.of("w", List.of(new Phase("publish", Action.PUBLISH, PublishMode.ASYNC, !reportConsume),
                        new Phase("drain", Action.CONSUME, null, reportConsume)))
                .withClients(2).withMessages(400, 0).withIdleTimeout(1).withQueue("q");
    }

    @Test
    void bodiesOfAMixAreSentAndCountedAtTheirSizes() throws Exception {
        Workload w = publishThenDrain(false).withSizes(SizeMix.parse("10..1000"));

        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false), w);

        PhaseResult published = pass.phases().get(0);
        PhaseResult drained = pass.phases().get(1);
        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
        assertThat(drained.errors()).isEmpty();
        assertThat(published.bytes()).as("every confirmed body's bytes, and every received one's")
                .isEqualTo(drained.bytes());
        // 400 draws of a range of mean 505 and sd 286: the mean's sd is 14 bytes, 60 is over four of them
        assertThat(published.bytes() / 400.0).isBetween(445.0, 565.0);
        assertThat(published.megabytesPerSecond()).isEqualTo(published.bytes() / published.activeSeconds() / 1e6);
    }

    @Test
    void aBodyThatArrivesAtAnotherSizeIsReported() throws Exception {
        Workload w = publishThenDrain(false).withSizes(SizeMix.parse("100:1,200:1"));
        LoopbackDriver truncating = new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
                boolean cut = stamp.sequence() == 17 && (stamp.stream() & 0xFFFF) == 1;
                super.deliver(queue, stamp, cut ? Arrays.copyOf(payload, payload.length - 1) : payload);
            }
        };

        PhaseResult drained = LoopbackRun.measured(truncating, w).phases().get(1);

        assertThat(drained.errors()).singleElement().asString()
                .contains("message 17 of stream").contains("arrived with a body of")
                .containsPattern("it was sent with (100|200)$");
    }

    /** A fake broker that takes 10 ms over each body of 64 KB or more: a large message's cost the median hides. */
    private static LoopbackDriver slowOnLargeBodies() {
        return new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
                if (payload.length >= 65_536) {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                super.deliver(queue, stamp, payload);
            }
        };
    }

    @Test
    void confirmationsAreTimedBySizeClassSoALargeBodysCostShows() throws Exception {
        Workload w = publishThenDrain(false).withSizes(SizeMix.parse("100:3,70000:1"));

        PhaseResult published = LoopbackRun.measured(slowOnLargeBodies(), w).phases().get(0);

        SizeClasses bySize = published.bySize();
        assertThat(bySize.metric()).isEqualTo(LatencyMetric.CONFIRM);
        assertThat(bySize.classes()).extracting(SizeClasses.SizeClass::label).containsExactly("100 B", "70,000 B");
        assertThat(bySize.count()).isEqualTo(published.latency().count()).isEqualTo(400);
        // 400 draws of a quarter: sd 8.7, so 60..140 is over four of them either side
        assertThat(bySize.classes().get(1).latency().count()).isBetween(60L, 140L);
        assertThat(bySize.classes().get(1).latency().p50Micros()).as("each large body waits 10 ms")
                .isGreaterThanOrEqualTo(10_000);
        assertThat(bySize.classes().get(0).latency().p50Micros()).as("a small body does not wait")
                .isLessThan(5_000);
        assertThat(LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false), publishThenDrain(false))
                .phases().get(0).bySize()).as("one size: no classes").isNull();
    }

    @Test
    void aRangeIsSplitAtPowersOfTwoAndEndToEndIsTimedBySizeBesideThePublishers() throws Exception {
        Phase phase = new Phase("live", Action.LIVE, PublishMode.ASYNC, true);
        Workload w = live(new LiveCase(phase, null, null, null, null), 2000).withSizes(SizeMix.parse("1000..5000"));

        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false), w);

        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
        assertThat(pass.phases().get(0).bySize().classes()).extracting(SizeClasses.SizeClass::label)
                .containsExactly("1,000-1,023 B", "1,024-2,047 B", "2,048-4,095 B", "4,096-5,000 B");
        SizeClasses endToEnd = pass.phases().get(1).bySize();
        assertThat(endToEnd.metric()).isEqualTo(LatencyMetric.END_TO_END);
        assertThat(endToEnd.count()).isEqualTo(pass.phases().get(1).endToEnd().count()).isEqualTo(2000);
        // each class draws its width of the range: 24, 1,024, 2,048 and 905 of 4,001 sizes; sd of the third 22
        assertThat(endToEnd.classes().get(2).latency().count()).isBetween(925L, 1125L);
    }

    @Test
    void slowConsumersTakeNoMoreThanTheirProcessingAllows() throws Exception {
        Workload fast = publishThenDrain(true);
        Workload slow = fast.withProcessing(Processing.parse("2ms"));

        PhaseResult unhindered = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false), fast)
                .phases().get(1);
        PhaseResult hindered = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false), slow)
                .phases().get(1);

        double ceiling = slow.processing().ceiling(slow.consumers()); // 2 consumers / 2 ms = 1,000 msg/s
        assertThat(ceiling).isEqualTo(1000);
        // the fake broker alone is not held to it (400 messages in less than the 0.4 s the waits take)
        assertThat(unhindered.rate().overall()).as("the fake broker alone").isGreaterThan(ceiling * 1.01);
        // each consumer waits 2 ms after each of its messages: 400 messages take at least 0.4 s
        assertThat(hindered.rate().overall()).isLessThanOrEqualTo(ceiling * 1.01).isGreaterThan(ceiling / 3);
        assertThat(hindered.completed()).isEqualTo(400);
    }

    private static Workload live(LiveCase shape, long messages) {
        return Workload.of("l", List.of(shape.phase())).withMessages(messages, 0).withMessage(16, true)
                .withIdleTimeout(1).withQueue("q").withShape(shape);
    }

    @Test
    void consumersStartOnceTheBacklogIsBuiltAndDrainItWhileThePublishersGoOn() throws Exception {
        Phase phase = new Phase("live", Action.LIVE, PublishMode.ASYNC, true);
        // 4 publishers at 500 msg/s each: the backlog of 1,000 takes about half a second to build
        Workload w = live(new LiveCase(phase, null, null, null, new Backlog(1000)), 3000).withRate(500);
        assertThat(w.offeredRate()).isEqualTo(2000);

        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false), w);

        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
        BacklogDrain drain = pass.phases().get(1).backlog();
        assertThat(drain.depth()).as("at least the backlog asked for").isGreaterThanOrEqualTo(1000L);
        assertThat(drain.backlog()).isGreaterThanOrEqualTo(drain.depth());
        assertThat(drain.startSeconds()).as("nothing was consumed before the backlog was built")
                .isBetween(0.45, 5.0);
        assertThat(drain.catchUpSeconds()).isNotNull().isLessThan(drain.startSeconds());
        assertThat(drain.drainRate()).isGreaterThan(2000); // faster than the publishers, or it never catches up
        assertThat(drain.during().count() + drain.after().count()).isEqualTo(3000);
        assertThat(drain.during().p50Micros()).as("backlog messages waited for the consumers")
                .isGreaterThan(drain.after().p50Micros());
    }

    /** 2,000 msg/s for 0.5 s, 8,000 for 0.25 s, then a ramp from 1,000 to 3,000 over 0.5 s: 4,000 messages. */
    private static final RateSchedule SCHEDULE = new RateSchedule(List.of(new RateSchedule.Step(2000, 2000, 0.5),
            new RateSchedule.Step(8000, 8000, 0.25), new RateSchedule.Step(1000, 3000, 0.5)));

    /** A live case of four publishers on {@link #SCHEDULE}. */
    private static Workload scheduled() {
        return live(new LiveCase(new Phase("live", Action.LIVE, PublishMode.ASYNC, true), null, null, SCHEDULE, null),
                SCHEDULE.messages());
    }

    @Test
    void aScheduleSendsEachStepAtItsRateAndReportsItsFigures() throws Exception {
        RateSchedule schedule = SCHEDULE;
        Workload w = scheduled();
        assertThat(w.messages()).isEqualTo(1000 + 2000 + 1000);

        ScenarioRunner.Pass pass = LoopbackRun.measured(new LoopbackDriver(new LoopbackBroker(), false), w);

        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
        PhaseResult publishers = pass.phases().get(0);
        List<ScheduleStep> steps = pass.phases().get(1).steps();
        assertThat(steps).extracting(ScheduleStep::step).containsExactlyElementsOf(schedule.steps());
        // each step's messages by intended send time: its rate times its length, give or take a period per client
        assertThat(steps).extracting(ScheduleStep::sent).satisfiesExactly(
                n -> assertThat(n).isBetween(992L, 1008L), n -> assertThat(n).isBetween(1992L, 2008L),
                n -> assertThat(n).isBetween(992L, 1008L));
        assertThat(steps).allSatisfy(s -> assertThat(s.endToEnd().count()).isEqualTo(s.arrived()));
        assertThat(steps).allSatisfy(s -> assertThat(s.arrived()).as("nothing lost").isEqualTo(s.sent()));
        assertThat(steps.stream().mapToLong(s -> s.sendDelay().count()).sum()).isEqualTo(4000);
        assertThat(publishers.sendDelay().count()).isEqualTo(4000);
        // the schedule is 1.25 s long: the publishers held to it
        assertThat(publishers.activeSeconds()).isBetween(1.2, 5.0);
    }

    /**
     * A step's sends are counted apart from what of them arrived (issue 61 §3.12: "sent" counted arrivals, so a step
     * whose messages were lost showed none): the fake broker drops 100 of the messages client 0 sends in the second
     * step (its 2,000 msg/s for 0.25 s are its sequences 250-749), and only that step shows them missing.
     */
    @Test
    void aStepsSendsAreCountedApartFromWhatOfThemArrived() throws Exception {
        Workload w = scheduled();
        java.util.Set<FaultyLoopbackDriver.Msg> dropped = java.util.stream.LongStream.range(300, 400)
                .mapToObj(seq -> new FaultyLoopbackDriver.Msg(0, seq)).collect(java.util.stream.Collectors.toSet());

        ScenarioRunner.Pass pass = LoopbackRun.measured(new FaultyLoopbackDriver(new LoopbackBroker(), dropped,
                java.util.Set.of(), java.util.Set.of()), w);

        List<ScheduleStep> steps = pass.phases().get(1).steps();
        assertThat(pass.accounting().lost()).isEqualTo(100);
        assertThat(steps).extracting(s -> s.sent() - s.arrived()).containsExactly(0L, 100L, 0L);
        assertThat(steps.stream().mapToLong(ScheduleStep::sent).sum()).isEqualTo(4000);
    }
}
