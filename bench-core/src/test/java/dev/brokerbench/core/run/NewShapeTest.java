package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.Shape;
import dev.brokerbench.core.model.Sweep;
import dev.brokerbench.core.model.Workload;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A shape the suite does not ship: a record of its own, nothing added to {@link Workload}. The shared settings, their
 * checks, scaling and sweeps work for it as for every shape; the runner, which has no runner for it, refuses it by
 * name instead of running something else.
 */
class NewShapeTest {
    /** Pings that travel {@code hops} clients in a ring: needs at least that many clients. */
    record Ping(Phase phase, int hops) implements Shape {
        @Override
        public List<Phase> phases() {
            return List.of(phase);
        }

        @Override
        public String kind() {
            return "ping";
        }

        @Override
        public void checkShared(Workload shared) {
            InvalidConfigException.check(shared.clients() >= hops, "clients", "must be >= hops (" + hops + ")",
                    shared.clients());
        }
    }

    private static final Ping PING = new Ping(new Phase("ping", Action.RPC, null, true), 3);

    @Test
    void aShapeOfItsOwnTakesTheSharedSettingsTheirChecksScalingAndSweeps() {
        Workload w = Workload.of("p1", PING).withMessages(1000, 100);
        assertThat(w.shape()).isEqualTo(PING);
        assertThat(w.reportedPhase().name()).isEqualTo("ping");
        assertThat(w.scaled(0.1).messages()).isEqualTo(100);
        assertThat(w.scaled(0.1).shape()).isEqualTo(PING);
        assertThatThrownBy(() -> w.withMessage(-1, true)).hasMessageContaining("'payloadBytes'");
        assertThatThrownBy(() -> w.withClients(2)).as("its own rule on a shared setting")
                .hasMessageContaining("'clients' must be >= hops (3), got 2");
        List<Workload> points = w.withSweep(new Sweep(Sweep.Variable.PAYLOAD_BYTES, List.of(16L, 1024L))).points();
        assertThat(points).extracting(Workload::payloadBytes).containsExactly(16, 1024);
        assertThat(points).extracting(Workload::shape).containsOnly(PING);
        assertThatThrownBy(() -> w.withSweep(new Sweep(Sweep.Variable.SUBSCRIBERS, List.of(2L))))
                .as("a variable of another shape").hasMessageContaining("'sweep.variable' subscribers needs a topic");
    }

    @Test
    void theRunnerRefusesAShapeItHasNoRunnerForByName() {
        Workload w = Workload.of("p1", PING);
        assertThat(Requirements.runnable(w.shape())).isFalse();
        assertThatThrownBy(() -> new ScenarioRunner(ProgressListener.NONE, new PhaseContext.Limits(
                Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(60), 20))
                .runCase(w, CellContext.of(new LoopbackDriver(new LoopbackBroker(), false), "p1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a ping case has no runner in this suite (queue, live and call cases have)");
    }
}
