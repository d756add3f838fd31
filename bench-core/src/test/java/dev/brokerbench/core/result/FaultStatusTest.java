package dev.brokerbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Fault;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.QueueCase;
import dev.brokerbench.core.model.Workload;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A fault cell's status says what happened: a fault that never came or never began is ERROR (never ok), and sends
 * that failed while a fault held are FAILED (never ok); a fault that struck with every message accounted for is ok.
 */
class FaultStatusTest {
    private static final OptionalLong NONE = OptionalLong.empty();
    private static final Fault PAUSE = new Fault.Pause(Fault.Target.BROKER, 0.5, Duration.ofSeconds(5));

    private static Accounting exact(long sent) {
        return new Accounting(sent, sent, 0, sent, 0, 0, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(), List.of(), null,
                null);
    }

    /** {@code failed} sends reported failed by the client, none of them received. */
    private static Accounting failing(long sent, long failed) {
        long through = sent - failed;
        return new Accounting(sent, through, failed, through, 0, 0, 0, failed, 0, failed, 0, 0, 0, List.of(),
                List.of(), List.of(), null, null);
    }

    private static RunResult cell(Fault fault, FaultOutcome outcome, Accounting accounting) {
        List<Phase> phases = List.of(new Phase("publish", Action.PUBLISH, PublishMode.SYNC, true),
                new Phase("drain", Action.CONSUME, null, false));
        Workload workload = Workload.of("f9", new QueueCase(phases, fault, null)).withMessages(1000, 0)
                .withQueue("q");
        return new RunResult(RunResult.SCHEMA, "r", Instant.EPOCH, 1, workload, null, null, null, List.of(), null,
                List.of(), accounting, List.of(), outcome, null, List.of(), List.of(), null, null, null, null, null, null,
                null);
    }

    private static FaultOutcome held(OptionalLong countAtStart, OptionalLong heldMillis) {
        return new FaultOutcome(Fault.Target.BROKER, 0.5, countAtStart, NONE, NONE, null, null, null,
                heldMillis.isPresent() ? OptionalLong.of(4_900) : NONE, heldMillis, 100.0, 0.0);
    }

    @Test
    void aPauseThatStruckWithEveryMessageAccountedForIsOk() {
        RunResult r = cell(PAUSE, held(OptionalLong.of(500), OptionalLong.of(5_000)), exact(1000));

        assertThat(r.faultMissed()).isEmpty();
        assertThat(r.status()).isEqualTo(Status.OK);
    }

    /** The container engine refused the freeze: the phase went on untouched, and the cell must not read ok. */
    @Test
    void aPauseThatDidNotBeginIsAnError() {
        RunResult r = cell(PAUSE, held(OptionalLong.of(500), NONE), exact(1000));

        assertThat(r.faultMissed()).hasValueSatisfying(why -> assertThat(why).contains("did not begin"));
        assertThat(r.status()).isEqualTo(Status.ERROR);
    }

    @Test
    void aFaultWhoseTriggerNeverCameIsAnError() {
        RunResult pause = cell(PAUSE, held(NONE, NONE), exact(1000));
        RunResult kill = cell(Fault.killBroker(0.5), new FaultOutcome(Fault.Target.BROKER, 0.5, NONE,
                OptionalLong.of(3_000), NONE, null, null), exact(1000));

        assertThat(pause.faultMissed()).hasValueSatisfying(why -> assertThat(why).contains("never came", "50 %"));
        assertThat(pause.status()).isEqualTo(Status.ERROR);
        assertThat(kill.status()).isEqualTo(Status.ERROR);
    }

    @Test
    void sendsThatFailedWhileAFaultHeldAreFailedNotOk() {
        RunResult r = cell(PAUSE, held(OptionalLong.of(500), OptionalLong.of(5_000)), failing(1000, 4));

        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.status().ok()).isFalse();
    }

    /** A kill's failed sends are the kill's expected effect: the accounting judges what was confirmed. */
    @Test
    void sendsThatFailedAtAKillStayOk() {
        RunResult r = cell(Fault.killBroker(0.5), new FaultOutcome(Fault.Target.BROKER, 0.5, OptionalLong.of(500),
                OptionalLong.of(3_000), NONE, null, null), failing(1000, 4));

        assertThat(r.status()).isEqualTo(Status.OK);
    }
}
