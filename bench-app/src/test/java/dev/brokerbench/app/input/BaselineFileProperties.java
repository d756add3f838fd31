package dev.brokerbench.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.brokerbench.app.gate.Baseline;
import dev.brokerbench.app.gate.Baselines;
import dev.brokerbench.app.gate.Figures;
import dev.brokerbench.app.gate.RegressionGate;
import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.io.JsonMutation;
import dev.brokerbench.core.model.InvalidConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The committed baseline, spoiled ({@link JsonMutation}): it reads whole and the gate judges with it, or it is refused
 * as bad input naming the file; never another exception (which the CLI reports as a crash, exit 3).
 */
class BaselineFileProperties {
    private static final Path COMMITTED = Path.of("..", "baselines", "2026-11-26.json");

    @Provide
    Arbitrary<JsonMutation> mutations() {
        return JsonMutation.any();
    }

    @Property(tries = 500, seed = "44")
    void aSpoiledBaselineJudgesOrIsRefusedNamingItsFile(@ForAll("mutations") JsonMutation mutation) throws Exception {
        Path file = Files.createTempFile("baseline-", ".json");
        try {
            Files.writeString(file, mutation.apply(Files.readString(COMMITTED)));
            Throwable thrown = catchThrowable(() -> {
                Baseline baseline = Baselines.choose(file, Baseline.read(COMMITTED).conditions()).baseline();
                RegressionGate.check(baseline, firstRun(baseline));
            });
            if (thrown != null && !(thrown instanceof RegressionGate.Refused)) {
                assertThat(thrown).isInstanceOf(InvalidConfigException.class);
                assertThat(thrown.getMessage()).contains(file.toString()).doesNotContain("\n");
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The baseline's first run as a fresh run's figures. */
    private static Figures firstRun(Baseline baseline) {
        Map<CellId, Figures.Cell> cells = new LinkedHashMap<>();
        baseline.cells().forEach((id, c) -> cells.put(id, new Figures.Cell(c.parity(), c.runs().get(0), true)));
        return new Figures(baseline.conditions(), cells,
                baseline.harness().isEmpty() ? null : baseline.harness().get(0));
    }
}
