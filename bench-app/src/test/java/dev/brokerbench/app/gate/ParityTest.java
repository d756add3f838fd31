package dev.brokerbench.app.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import dev.brokerbench.core.model.Backlog;
import dev.brokerbench.core.model.LiveCase;
import dev.brokerbench.core.model.RandomBytes;
import dev.brokerbench.core.model.Workload;
import org.junit.jupiter.api.Test;

/**
 * The gate compares a cell with the baseline only when their workloads are the same in what moves a rate: a
 * schedule, a backlog, many queues and a body's random share among them (issue 61 §3.12: the parity line left them
 * out, so a cell run at another depth or schedule was judged against the baseline as if it were the same), while a
 * plain case's line stays what the baselines already hold.
 */
class ParityTest {
    private static Workload named(String name) {
        return WorkloadCatalog.builtIn().all().stream().filter(w -> w.name().equals(name)).findFirst().orElseThrow();
    }

    private static LiveCase live(Workload w) {
        return (LiveCase) w.shape();
    }

    @Test
    void aPlainCasesLineIsTheOneTheBaselinesHold() {
        assertThat(Figures.parity(named("c1"))).isEqualTo("clients=4 payloadBytes=0 persistent=true"
                + " publishWindow=1000 prefetch=1000 ack=AUTO/1 rate=0.0 phases=PUBLISH:SYNC*,CONSUME");
    }

    @Test
    void aBacklogAScheduleManyQueuesAndTheRandomShareAreEachPartOfTheLine() {
        Workload w1 = named("w1");
        LiveCase backlog = live(w1);
        Workload shallower = w1.withShape(new LiveCase(backlog.phase(), null, null, null, new Backlog(50_000), null));
        assertThat(Figures.parity(w1)).contains(" backlog=100000");
        assertThat(Figures.parity(shallower)).isNotEqualTo(Figures.parity(w1));

        Workload w3 = named("w3");
        LiveCase scheduled = live(w3);
        Workload steady = w3.withShape(new LiveCase(scheduled.phase(), null, null, null, null, null));
        assertThat(Figures.parity(w3)).contains(" schedule=");
        assertThat(Figures.parity(steady)).isNotEqualTo(Figures.parity(w3));

        Workload w6 = named("w6");
        assertThat(Figures.parity(w6)).contains(" queues=" + w6.destinations().queues() + "x");
        assertThat(Figures.parity(w6.withDestinations(null))).isNotEqualTo(Figures.parity(w6));

        Workload c3 = named("c3");
        assertThat(Figures.parity(c3.withRandomBytes(new RandomBytes(0.3)))).isEqualTo(Figures.parity(c3)
                + " randomBytes=0.3");
    }
}
