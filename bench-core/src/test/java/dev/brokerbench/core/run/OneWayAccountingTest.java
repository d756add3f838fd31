package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker.Request;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.CallCase;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.Rpc;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.RpcAccounting;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * One-way messages are accounted by sequence number where they arrive, at the loopback driver's servers: a message
 * of another phase (a straggler of the warm-up pass, under another tag) that arrives while the phase runs is counted
 * apart, as foreign, and cannot stand in for one of the phase's own that never arrived.
 */
class OneWayAccountingTest {
    private static final long MESSAGES = 4000;

    private static Workload oneWay() {
        return Workload.of("o", new CallCase(new Phase("oneway", Action.ONEWAY, null, true), new Rpc(2, 1)))
                .withMessages(MESSAGES, 0)
                .withMessage(32, false).withIdleTimeout(1);
    }

    /**
     * Drops the {@code drop}-th cast; puts a message of another phase on the request queue after the
     * {@code straggle}-th (the dropped one's client and sequence, under another tag); delivers the {@code twice}-th
     * twice. 0: none.
     */
    private static LoopbackDriver faulty(long drop, long straggle, long twice) {
        AtomicLong casts = new AtomicLong();
        long[] dropped = {0};
        return new LoopbackDriver(new LoopbackBroker(), false) {
            @Override
            protected void send(BlockingQueue<Request> requests, Request request) {
                long n = casts.incrementAndGet();
                if (n == drop) {
                    dropped[0] = request.correlationId();
                    return;
                }
                super.send(requests, request);
                if (n == twice) {
                    super.send(requests, request);
                }
                if (n == straggle) {
                    super.send(requests, new Request(dropped[0] ^ 1L << 48, request.body(), null));
                }
            }
        };
    }

    private static ScenarioRunner.Outcome run(LoopbackDriver driver) throws Exception {
        return new ScenarioRunner(ProgressListener.NONE, FAST).runCase(oneWay(), CellContext.of(driver, "t"));
    }

    @Test
    void aStragglerOfAnotherPhaseDoesNotHideALostMessage() throws Exception {
        ScenarioRunner.Outcome out = run(faulty(5, 100, 0));
        RpcAccounting a = out.measured().rpc();

        assertThat(a.sent()).as(a.summary()).isEqualTo(MESSAGES);
        assertThat(a.lost()).as(a.summary()).isEqualTo(1);
        assertThat(a.serverReceived()).as(a.summary()).isEqualTo(MESSAGES - 1);
        assertThat(a.foreign()).as(a.summary()).isEqualTo(1);
        assertThat(a.duplicates()).as(a.summary()).isZero();
        assertThat(out.measured().phases().get(0).completed()).as("arrivals the rate counts")
                .isEqualTo(MESSAGES - 1);
    }

    @Test
    void aMessageArrivingTwiceIsADuplicateCountedOnce() throws Exception {
        ScenarioRunner.Outcome out = run(faulty(0, 0, 7));
        RpcAccounting a = out.measured().rpc();

        assertThat(a.lost()).as(a.summary()).isZero();
        assertThat(a.serverReceived()).as(a.summary()).isEqualTo(MESSAGES);
        assertThat(a.duplicates()).as(a.summary()).isEqualTo(1);
        assertThat(a.foreign()).as(a.summary()).isZero();
        assertThat(a.exactOneWay()).isFalse();
        assertThat(out.measured().phases().get(0).completed()).as("arrivals the rate counts").isEqualTo(MESSAGES);
    }

    @Test
    void everyMessageArrivingOnceIsExact() throws Exception {
        ScenarioRunner.Outcome out = run(faulty(0, 0, 0));
        RpcAccounting a = out.measured().rpc();

        assertThat(a.exactOneWay()).as(a.summary()).isTrue();
        assertThat(a.foreign()).as(a.summary()).isZero();
    }
}
