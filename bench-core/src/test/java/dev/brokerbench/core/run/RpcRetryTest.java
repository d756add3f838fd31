package dev.brokerbench.core.run;

import static dev.brokerbench.core.run.LoopbackRun.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackBroker.Request;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.CallCase;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.Rpc;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.result.RpcAccounting;
import dev.brokerbench.core.result.Status;
import dev.brokerbench.core.run.RpcAccountingTest.Call;
import dev.brokerbench.core.spi.Reply;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Calls sent again after a timeout ({@link Rpc.Retry}), against an in-JVM fake whose requests of chosen calls vanish
 * (the first n sends of each) or whose first answer is held back: each call's fate is counted, and a call counts as
 * answered once, whichever send was answered.
 */
class RpcRetryTest {
    private static final long TIMEOUT_MILLIS = 100;
    private final ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        later.shutdownNow();
    }

    /** Drops the first {@code drops} sends of the chosen calls; holds back the first answer of others. */
    private final class FlakyServer extends LoopbackDriver {
        private final Map<Call, Integer> drops;
        private final Set<Call> slowFirstAnswer;
        private final Map<Call, Integer> seen = new ConcurrentHashMap<>();
        private final Set<Call> answered = ConcurrentHashMap.newKeySet();

        FlakyServer(Map<Call, Integer> drops, Set<Call> slowFirstAnswer) {
            super(new LoopbackBroker(), false);
            this.drops = drops;
            this.slowFirstAnswer = slowFirstAnswer;
        }

        @Override
        protected void send(BlockingQueue<Request> requests, Request request) {
            Call call = Call.of(request.correlationId());
            int n = seen.merge(call, 1, Integer::sum);
            if (n > drops.getOrDefault(call, 0)) {
                super.send(requests, request);
            }
        }

        @Override
        protected void answer(Request request, Reply reply) {
            Call call = Call.of(request.correlationId());
            if (slowFirstAnswer.contains(call) && answered.add(call)) {
                later.schedule(() -> super.answer(request, reply), 3 * TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
                return;
            }
            super.answer(request, reply);
        }
    }

    private static Workload calls(int window, int retries) {
        return Workload.of("r", new CallCase(new Phase("rpc", Action.RPC, null, true),
                        new Rpc(2, window, new Rpc.Retry(TIMEOUT_MILLIS, retries))))
                .withMessages(2000, 0).withMessage(64, false).withIdleTimeout(5);
    }

    private static ScenarioRunner.Outcome run(LoopbackDriver driver, Workload workload) throws Exception {
        return new ScenarioRunner(ProgressListener.NONE, FAST).runCase(workload, CellContext.of(driver, "t"));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 16})
    void aRequestThatVanishesIsSentAgainAndAnsweredOnce(int window) throws Exception {
        ScenarioRunner.Outcome out = run(new FlakyServer(Map.of(new Call(2, 100), 1, new Call(0, 7), 2), Set.of()),
                calls(window, 3));
        RpcAccounting a = out.measured().rpc();
        assertThat(a.sent()).as(a.summary()).isEqualTo(2000);
        assertThat(a.retried()).as(a.summary()).isEqualTo(3);
        assertThat(a.timedOut()).as(a.summary()).isEqualTo(3);
        assertThat(a.correct()).as(a.summary()).isEqualTo(2000);
        assertThat(a.neverAnswered()).isZero();
        assertThat(a.answeredTwice()).isZero();
        assertThat(a.lost()).as("the sends that never reached a server").isEqualTo(3);
        assertThat(a.answeredAll()).isTrue();
        assertThat(a.exactCalls()).as("answered, but not at the first send").isFalse();
        assertThat(out.measured().phases().get(0).completed()).isEqualTo(2000);
    }

    @Test
    void aFirstAnswerThatComesAfterTheRetrysIsAnAnswerTwice() throws Exception {
        // call (1, 50)'s first answer is held back 300 ms; calls (1, 51..53) each lose their first send, so client 1
        // is still calling when that answer arrives
        ScenarioRunner.Outcome out = run(new FlakyServer(Map.of(new Call(1, 51), 1, new Call(1, 52), 1,
                new Call(1, 53), 1), Set.of(new Call(1, 50))), calls(1, 3));
        RpcAccounting a = out.measured().rpc();
        assertThat(a.retried()).as(a.summary()).isEqualTo(4);
        assertThat(a.answeredTwice()).as(a.summary()).isEqualTo(1);
        assertThat(a.late()).as(a.summary()).isZero();
        assertThat(a.correct()).isEqualTo(2000);
        assertThat(a.replies()).isEqualTo(2001);
        assertThat(a.answeredAll()).isTrue();
    }

    @Test
    void aCallWhoseEverySendVanishesIsNeverAnswered() throws Exception {
        RpcAccounting a = run(new FlakyServer(Map.of(new Call(3, 20), 10), Set.of()), calls(1, 2)).measured().rpc();
        assertThat(a.timedOut()).as(a.summary()).isEqualTo(3);
        assertThat(a.retried()).as(a.summary()).isEqualTo(2);
        assertThat(a.neverAnswered()).as(a.summary()).isEqualTo(1);
        assertThat(a.correct()).isEqualTo(1999);
        assertThat(a.answeredAll()).isFalse();
    }

    @Test
    void withRetriesOnlyEachCallsAnswerDecidesTheStatus() throws Exception {
        Workload w = calls(1, 3);
        RpcAccounting retried = run(new FlakyServer(Map.of(new Call(2, 100), 1), Set.of()), w).measured().rpc();
        assertThat(status(w, retried)).as("a retry that was answered: " + retried.summary()).isEqualTo(Status.OK);
        RpcAccounting never = run(new FlakyServer(Map.of(new Call(2, 100), 10), Set.of()), w).measured().rpc();
        assertThat(status(w, never)).as("a call never answered: " + never.summary()).isEqualTo(Status.TIMEOUT);
        Workload noRetries = Workload.of("r", new CallCase(new Phase("rpc", Action.RPC, null, true), new Rpc(2, 1)))
                .withMessages(2000, 0).withMessage(64, false).withIdleTimeout(5);
        assertThat(status(noRetries, retried)).as("the same account without a retry policy: a request lost")
                .isEqualTo(Status.LOSS);
    }

    private static Status status(Workload w, RpcAccounting rpc) {
        return new dev.brokerbench.core.result.RunResult(dev.brokerbench.core.result.RunResult.SCHEMA, "r",
                java.time.Instant.EPOCH, 1, w, null, null, null, java.util.List.of(), null, java.util.List.of(), null,
                java.util.List.of(), null, rpc, java.util.List.of(), java.util.List.of(), null, null, null, null, null, null,
                null).status();
    }
}
