package dev.brokerbench.app.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.result.Json;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RegressionGateTest {
    private static final Baseline SYNTHETIC = Baseline.of("test", 0.02, List.of(
            Map.of("artemis / artemis-core-jms / c1", 2100.0, "activemq / openwire-jms / c1", 1900.0),
            Map.of("artemis / artemis-core-jms / c1", 1900.0, "activemq / openwire-jms / c1", 2100.0)));

    private static Map<String, RegressionGate.Measured> scaled(Baseline baseline, double factor) {
        Map<String, RegressionGate.Measured> fresh = new LinkedHashMap<>();
        baseline.cells().forEach((cell, c) -> fresh.put(cell,
                new RegressionGate.Measured(c.referenceMsgPerSec() * factor, true)));
        return fresh;
    }

    @Test
    void referencesAreMediansAndToleranceFollowsTheMeasuredSpread() {
        Baseline.Cell cell = SYNTHETIC.cells().get("artemis / artemis-core-jms / c1");
        assertThat(cell.referenceMsgPerSec()).isEqualTo(2000.0);
        assertThat(cell.spread()).isEqualTo(0.1);
        // one cell per group: its geometric mean moved 1.05 - 0.95 = 0.10 between the runs, x2
        assertThat(SYNTHETIC.groups().get("artemis / artemis-core-jms").tolerance()).isEqualTo(0.2);
    }

    @Test
    void aSingleNoisyCellWithinItsGroupsNoiseDoesNotFail() {
        Baseline six = Baseline.of("test", 0.02, List.of(
                Map.of("a / p / c1", 1000.0, "a / p / c2", 1000.0, "a / p / c3", 1000.0, "a / p / c4", 1000.0),
                Map.of("a / p / c1", 1040.0, "a / p / c2", 960.0, "a / p / c3", 1050.0, "a / p / c4", 950.0),
                Map.of("a / p / c1", 960.0, "a / p / c2", 1040.0, "a / p / c3", 950.0, "a / p / c4", 1050.0)));
        Map<String, RegressionGate.Measured> fresh = scaled(six, 1.0);
        fresh.put("a / p / c1", new RegressionGate.Measured(750, true));
        RegressionGate.Outcome outcome = RegressionGate.check(six, 0.02, fresh);
        assertThat(outcome.passed()).as(outcome.table().console()).isTrue();
        assertThat(outcome.cells()).filteredOn(r -> r.name().equals("a / p / c1"))
                .extracting(RegressionGate.Row::verdict).containsExactly(RegressionGate.Verdict.SLOWER);
        fresh.put("a / p / c1", new RegressionGate.Measured(400, true));
        assertThat(RegressionGate.check(six, 0.02, fresh).passed()).as("a collapsed cell fails").isFalse();
    }

    @Test
    void passesOnTheBaselineAndFailsThirtyPercentWorse() {
        assertThat(RegressionGate.check(SYNTHETIC, 0.02, scaled(SYNTHETIC, 1.0)).passed()).isTrue();
        RegressionGate.Outcome worse = RegressionGate.check(SYNTHETIC, 0.02, scaled(SYNTHETIC, 0.7));
        assertThat(worse.passed()).isFalse();
        assertThat(worse.groups()).extracting(RegressionGate.Row::verdict)
                .containsOnly(RegressionGate.Verdict.REGRESSION);
        assertThat(worse.table().console()).contains("REGRESSION").contains("0.70").contains("20%")
                .contains("(geometric mean)");
    }

    @Test
    void aCellThatLostMessagesFailsTheGate() {
        Map<String, RegressionGate.Measured> lossy = scaled(SYNTHETIC, 1.0);
        lossy.put("activemq / openwire-jms / c1", new RegressionGate.Measured(2000, false));
        assertThat(RegressionGate.check(SYNTHETIC, 0.02, lossy).passed()).isFalse();
    }

    @Test
    void aNarrowedRunIsNotMissingWhatItDidNotSelectButAMissingCellFails() {
        Baseline twoCases = Baseline.of("test", 0.02, List.of(
                Map.of("a / p / c1", 1000.0, "a / p / c2", 1000.0, "b / q / c1", 1000.0),
                Map.of("a / p / c1", 1000.0, "a / p / c2", 1000.0, "b / q / c1", 1000.0)));
        Map<String, RegressionGate.Measured> fresh = new LinkedHashMap<>();
        fresh.put("a / p / c1", new RegressionGate.Measured(1000, true));
        RegressionGate.Outcome narrowed = RegressionGate.check(twoCases, 0.02, fresh);
        assertThat(narrowed.passed()).as(narrowed.table().console()).isTrue();
        assertThat(narrowed.cells()).extracting(RegressionGate.Row::verdict).containsOnly(RegressionGate.Verdict.OK,
                RegressionGate.Verdict.NOT_SELECTED);
        fresh.put("b / q / c1", new RegressionGate.Measured(1000, true));
        fresh.put("a / p / c2", new RegressionGate.Measured(1000, true));
        fresh.remove("a / p / c1");
        assertThat(RegressionGate.check(twoCases, 0.02, fresh).passed()).as("c1 ran for b but not for a").isFalse();
    }

    @Test
    void refusesToCompareDifferentScales() {
        assertThatThrownBy(() -> RegressionGate.check(SYNTHETIC, 0.05, scaled(SYNTHETIC, 1.0)))
                .hasMessageContaining("scale 0.02").hasMessageContaining("0.05");
    }

    @Test
    void theCommittedBaselinePassesItselfAndFailsThirtyPercentWorse() throws Exception {
        Baseline committed = Json.mapper().readValue(Path.of("..", "baselines", "bench-baseline.json").toFile(),
                Baseline.class);
        assertThat(committed.runs()).isGreaterThanOrEqualTo(2);
        assertThat(committed.cells()).isNotEmpty();
        assertThat(RegressionGate.check(committed, committed.scale(), scaled(committed, 1.0)).passed()).isTrue();
        assertThat(committed.groups().values()).as("groups whose measured noise lets a 30% drop be caught")
                .anyMatch(g -> g.tolerance() < 0.3);
        assertThat(RegressionGate.check(committed, committed.scale(), scaled(committed, 0.7)).passed()).isFalse();
    }
}
