package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker.Envelope;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.RateSearch;
import dev.brokerbench.core.model.Sweep;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.SearchEnd;
import dev.brokerbench.core.result.SearchStep;
import dev.brokerbench.core.result.StepVerdict;
import dev.brokerbench.core.result.SustainedRate;
import dev.brokerbench.core.spi.Stamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The rate search of a latency curve: the policy alone, and against fake brokers that saturate. */
class RateSearchTest {
    private static final RateSearch ONE_SECOND_STEPS = new RateSearch(1000, 1, 2);

    /** A step at or below {@code capacity} is sustained, above it the backlog grows. */
    private static RateSearcher.Step capacity(double capacity, List<Double> tried) {
        return rate -> {
            tried.add(rate);
            return step(rate, rate <= capacity ? StepVerdict.SUSTAINED : StepVerdict.BACKLOG_GREW);
        };
    }

    private static SearchStep step(double rate, StepVerdict verdict) {
        return new SearchStep(rate, rate, rate, 1000.0, 0, 2000, 0.01, verdict, null);
    }

    @Test
    void doublesThenBisectsToWithinTenPercentTryingEachRateTwice() throws Exception {
        List<Double> tried = new ArrayList<>();

        SustainedRate found = RateSearcher.search(ONE_SECOND_STEPS, capacity(5000, tried));

        assertThat(found.highest()).isBetween(5000 / RateSearcher.PRECISION, 5000.0);
        assertThat(found.stoppedBy()).isEqualTo(StepVerdict.BACKLOG_GREW);
        assertThat(found.end()).isEqualTo(SearchEnd.CONVERGED);
        assertThat(tried).as("a warm-up step first, then two tries at each rate").startsWith(1000.0, 1000.0, 1000.0,
                2000.0, 2000.0, 4000.0, 4000.0, 8000.0, 8000.0);
        assertThat(found.steps().get(0).verdict()).isEqualTo(StepVerdict.WARM_UP);
        assertThat(found.steps()).extracting(SearchStep::offeredRate).containsExactlyElementsOf(tried);
        assertThat(tried.subList(1, tried.size())).as("two tries that agree decide a rate, passed or failed")
                .allSatisfy(rate -> assertThat(tried.subList(1, tried.size())).filteredOn(rate::equals).hasSize(2));
    }

    @Test
    void halvesFromAStartAboveWhatThePathSustains() throws Exception {
        SustainedRate found = RateSearcher.search(new RateSearch(100_000, 1, 2), capacity(700, new ArrayList<>()));

        assertThat(found.highest()).isBetween(700 / RateSearcher.PRECISION, 700.0);
    }

    /**
     * After the warm-up step, each try at a rate of {@code verdicts} gives its next verdict; any other try is sustained
     * up to 3000 msg/s.
     */
    private static RateSearcher.Step scripted(Map<Double, List<StepVerdict>> verdicts, List<Double> tried) {
        return rate -> {
            long before = tried.isEmpty() ? -1 : tried.subList(1, tried.size()).stream().filter(r -> r == rate).count();
            tried.add(rate);
            List<StepVerdict> script = verdicts.getOrDefault(rate, List.of());
            if (before >= 0 && before < script.size()) {
                return step(rate, script.get((int) before));
            }
            return step(rate, rate <= 3000 ? StepVerdict.SUSTAINED : StepVerdict.PUBLISHERS_BEHIND);
        };
    }

    /**
     * A pass after a failure is one try of two: the split goes to a third, which the failures win here; the rate is
     * named by the earliest criterion its steps failed.
     */
    @Test
    void aRateThatFailsThenPassesIsNotSustainedOnThePassAlone() throws Exception {
        List<Double> tried = new ArrayList<>();
        RateSearcher.Step split = scripted(Map.of(2000.0, List.of(StepVerdict.PUBLISHERS_BEHIND,
                StepVerdict.SUSTAINED, StepVerdict.CONFIRMS_RAN_AWAY)), tried);

        SustainedRate found = RateSearcher.search(ONE_SECOND_STEPS, split);

        assertThat(found.highest()).as(found.steps().toString()).isBetween(2000 / RateSearcher.PRECISION, 2000.0)
                .isLessThan(2000.0);
        assertThat(tried).startsWith(1000.0, 1000.0, 1000.0, 2000.0, 2000.0, 2000.0);
        assertThat(found.stoppedBy()).isEqualTo(StepVerdict.PUBLISHERS_BEHIND);
    }

    /** The same split, won by the passes: the rate is sustained by two tries of three. */
    @Test
    void aRateThatFailsThenPassesTwiceIsSustained() throws Exception {
        List<Double> tried = new ArrayList<>();
        RateSearcher.Step split = scripted(Map.of(2000.0, List.of(StepVerdict.PUBLISHERS_BEHIND,
                StepVerdict.SUSTAINED, StepVerdict.SUSTAINED)), tried);

        SustainedRate found = RateSearcher.search(ONE_SECOND_STEPS, split);

        assertThat(tried).startsWith(1000.0, 1000.0, 1000.0, 2000.0, 2000.0, 2000.0, 4000.0, 4000.0);
        assertThat(found.highest()).isBetween(3000 / RateSearcher.PRECISION, 3000.0);
        assertThat(found.stoppedBy()).isEqualTo(StepVerdict.PUBLISHERS_BEHIND);
    }

    @Test
    void aStepThatLosesAMessageEndsTheSearch() throws Exception {
        List<Double> tried = new ArrayList<>();
        SustainedRate found = RateSearcher.search(ONE_SECOND_STEPS, rate -> {
            tried.add(rate);
            return step(rate, rate >= 4000 ? StepVerdict.FAILED : StepVerdict.SUSTAINED);
        });

        assertThat(tried).containsExactly(1000.0, 1000.0, 1000.0, 2000.0, 2000.0, 4000.0);
        assertThat(found.highest()).isEqualTo(2000.0);
        assertThat(found.stoppedBy()).isEqualTo(StepVerdict.FAILED);
        assertThat(found.end()).isEqualTo(SearchEnd.FAILED);
    }

    @Test
    void nothingSustainedIsNoRate() throws Exception {
        SustainedRate found = RateSearcher.search(ONE_SECOND_STEPS, capacity(0, new ArrayList<>()));

        assertThat(found.found()).isFalse();
        assertThat(found.end()).isEqualTo(SearchEnd.FLOOR);
        assertThat(found.steps()).hasSizeLessThanOrEqualTo(RateSearcher.MAX_STEPS);
    }

    /**
     * From 1 msg/s, a path that sustains every rate needs 21 doublings of two tries each before the ceiling: more
     * steps than the cap allows, so the search stops there, and says it did not converge.
     */
    @Test
    void aSearchStoppedByItsStepCapSaysItDidNotConverge() throws Exception {
        assertThat(1 + 2 * 21).as("the premise: the doublings alone take more steps than the cap")
                .isGreaterThan(RateSearcher.MAX_STEPS);

        SustainedRate found = RateSearcher.search(new RateSearch(1, 1, 2), capacity(RateSearcher.CEILING,
                new ArrayList<>()));

        assertThat(found.end()).isEqualTo(SearchEnd.STEP_CAP);
        assertThat(found.steps()).hasSize(RateSearcher.MAX_STEPS);
        assertThat(found.highest()).isLessThan(RateSearcher.CEILING / 2);
        assertThat(found.rule()).contains("or at " + RateSearcher.MAX_STEPS + " steps");
    }

    @Test
    void aSearchThatReachesTheCeilingSaysSo() throws Exception {
        SustainedRate found = RateSearcher.search(ONE_SECOND_STEPS, capacity(RateSearcher.CEILING, new ArrayList<>()));

        assertThat(found.end()).isEqualTo(SearchEnd.CEILING);
        assertThat(found.stoppedBy()).isNull();
        assertThat(found.highest()).isEqualTo(1_024_000.0);
    }

    /**
     * What the cap is for: from the l3 case's start rate (1,000 msg/s), a search whose tries never disagree converges
     * (or reaches the ceiling) in at most 29 steps whatever the path sustains, leaving 11 for thirds.
     */
    @Test
    void searchesFromTheLatencyCurvesStartRateConvergeWellWithinTheCap() throws Exception {
        for (double capacity = 10; capacity < 3 * RateSearcher.CEILING; capacity *= 1.37) {
            SustainedRate found = RateSearcher.search(new RateSearch(1000, 5, 20), capacity(capacity,
                    new ArrayList<>()));

            assertThat(found.end()).as("capacity %.0f", capacity).isIn(SearchEnd.CONVERGED, SearchEnd.CEILING);
            assertThat(found.steps()).as("capacity %.0f", capacity).hasSizeLessThanOrEqualTo(29);
        }
    }

    /**
     * The fake brokers' searches: from 250 msg/s, 1 s steps. Their capacity, 800 msg/s, is a fraction of what the
     * suite's own loopback path kept up with on a loaded CI machine (3,668 msg/s, sends late by 7-17 ms at p99 where
     * 50 ms is allowed; with two busy loops on both cores, 771 msg/s was sent 3-7 ms late), so the fake, not the
     * machine, stops the search.
     */
    private static final RateSearch FAKE_STEPS = new RateSearch(250, 1, 2);
    private static final double FAKE_CAPACITY = 800;

    private static Workload curve() {
        return new Workload("k", "k", "q", null, 4, 1000, 0, 16, null, dev.brokerbench.core.model.RandomBytes.ALL, true,
                Workload.PARITY_PUBLISH_WINDOW,
                Workload.PARITY_PREFETCH, dev.brokerbench.core.model.AckMode.AUTO, 1,
                dev.brokerbench.core.model.Processing.NONE, 0, 1,
                new LiveCase(new Phase("live", Action.LIVE, PublishMode.ASYNC, true), null, FAKE_STEPS),
                new Sweep(Sweep.Variable.RATE_PERCENT, List.of(50L)), null, null, "live")
                .points().get(0);
    }

    private static SustainedRate search(LoopbackDriver driver) throws Exception {
        return new ScenarioRunner(ProgressListener.NONE, FAST).searchRate(curve(), CellContext.of(driver, "test"),
                step -> {
                });
    }

    /**
     * The fake broker's capacity: one message per interval, every client together. A wake-up that a loaded machine
     * made late keeps its slot for up to {@link #LATE_NANOS}, so the capacity is the stated one on two busy cores; an
     * idle spell saves up no more than that (1 % of a step).
     */
    private static final class Capacity {
        private static final long LATE_NANOS = 10_000_000L;
        private final long intervalNanos;
        private long next;

        Capacity(double perSecond) {
            this.intervalNanos = (long) (1e9 / perSecond);
        }

        void take() {
            long slot;
            synchronized (this) {
                slot = Math.max(next, System.nanoTime() - LATE_NANOS);
                next = slot + intervalNanos;
            }
            for (long wait; (wait = slot - System.nanoTime()) > 0; ) {
                LockSupport.parkNanos(wait);
            }
        }
    }

    /**
     * A broker that delivers at most 800 msg/s to all its consumers together: above that the queue backs up, and
     * the search stops there, named by the backlog (a step may lag 5 % of its length, so up to 5 % more passes).
     */
    @Test
    void stopsWhereTheFakeBrokersDeliveriesSaturate() throws Exception {
        double capacity = FAKE_CAPACITY;
        Capacity deliveries = new Capacity(capacity);
        LoopbackDriver slowConsumers = new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            protected void delivered() {
                deliveries.take();
            }
        };

        SustainedRate found = search(slowConsumers);

        assertStoppedNear(found, capacity, StepVerdict.BACKLOG_GREW);
        assertThat(found.steps()).filteredOn(s -> s.verdict().sustained())
                .allSatisfy(s -> assertThat(s.receivedRate()).isGreaterThan(0.9 * s.offeredRate()));
    }

    /**
     * A broker that takes at most 800 msg/s from all its publishers together: their sends fall behind above it. Just
     * above the capacity the sends lag by about the allowance and a confirmation, timed from the intended send, a
     * little more, so the first rate to fail may be named by either; a quarter above it, by the sends.
     */
    @Test
    void stopsWhereTheFakeBrokersIntakeSaturates() throws Exception {
        double capacity = FAKE_CAPACITY;
        Capacity intake = new Capacity(capacity);
        LoopbackDriver slowIntake = new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            protected void deliver(BlockingQueue<Envelope> queue, Stamp stamp, byte[] payload) {
                intake.take();
                super.deliver(queue, stamp, payload);
            }
        };

        SustainedRate found = search(slowIntake);

        assertStoppedNear(found, capacity, StepVerdict.PUBLISHERS_BEHIND, StepVerdict.CONFIRMS_RAN_AWAY);
        assertThat(found.steps()).filteredOn(s -> s.offeredRate() >= 1.25 * capacity).isNotEmpty()
                .allSatisfy(s -> assertThat(s.verdict()).isEqualTo(StepVerdict.PUBLISHERS_BEHIND));
    }

    /**
     * Stopped below the capacity or above it by at most the 5 % a step may lag and the 1 % a late wake-up keeps,
     * named by one of {@code criteria}.
     */
    private static void assertStoppedNear(SustainedRate found, double capacity, StepVerdict... criteria) {
        assertThat(found.highest()).as(found.steps().toString()).isBetween(0.75 * capacity, capacity * 1.07);
        assertThat(found.stoppedBy()).as(found.steps().toString()).isIn((Object[]) criteria);
    }
}
