package dev.brokerbench.core.run;

import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.spi.Driver;
import java.time.Duration;

/** A cell on the in-JVM fake broker, with limits short enough for a unit test. */
final class LoopbackRun {
    /** Sessions open within 10 s, confirmations within 10 s, a phase within 60 s, 20 windows. */
    static final PhaseContext.Limits FAST = new PhaseContext.Limits(Duration.ofSeconds(10),
            Duration.ofSeconds(10), Duration.ofSeconds(60), 20);

    private LoopbackRun() {
    }

    /** Runs {@code workload}'s cell through {@code driver}: its measured pass. */
    static ScenarioRunner.Pass measured(Driver driver, Workload workload) throws Exception {
        return new ScenarioRunner(ProgressListener.NONE, FAST).run(workload, CellContext.of(driver, "test"))
                .measured();
    }
}
