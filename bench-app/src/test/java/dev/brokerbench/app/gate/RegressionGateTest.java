package dev.brokerbench.app.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.result.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegressionGateTest {
    private static final String PARITY = "clients=4 payloadBytes=1024 persistent=true";
    private static final Calibration MACHINE = new Calibration(2, 5000, 180, 30, 2000, "/tmp");
    private static final Conditions CONDITIONS = new Conditions(0.02, null, "local", MACHINE);
    /** Three repeats with about 10 % noise, in a different order per case (noise is not shared between cells). */
    private static final List<List<Double>> NOISE = List.of(List.of(1.0, 1.1, 0.9), List.of(1.1, 0.9, 1.0),
            List.of(0.9, 1.0, 1.1), List.of(1.05, 0.95, 1.0), List.of(0.95, 1.0, 1.05), List.of(1.0, 0.92, 1.08));

    @TempDir
    Path tmp;

    /** Two groups (a / p and b / q) of six cases, each cell's repeats {@code rate x noise x factor}. */
    private static Map<String, Figures.Cell> cells(double rate, double factorA, double factorB) {
        Map<String, Figures.Cell> cells = new LinkedHashMap<>();
        for (int c = 0; c < 6; c++) {
            int n = c;
            cells.put("a / p / c" + (c + 1), new Figures.Cell(PARITY, NOISE.get(c).stream()
                    .map(v -> v * rate * factorA).toList(), true));
            cells.put("b / q / c" + (c + 1), new Figures.Cell(PARITY, NOISE.get((n + 3) % 6).stream()
                    .map(v -> v * rate * factorB).toList(), true));
        }
        return cells;
    }

    private static Baseline baseline() {
        return Baseline.of("test", List.of(new Figures(CONDITIONS, cells(1000, 1, 1))));
    }

    private static RegressionGate.Verdict group(RegressionGate.Outcome outcome, String name) {
        return outcome.groups().stream().filter(g -> g.name().equals(name)).findFirst().orElseThrow().verdict();
    }

    @Test
    void aTwentyPercentSlowerPathFailsAndTheOtherPasses() {
        Figures fresh = new Figures(CONDITIONS, cells(1000, 0.8, 1.0));
        RegressionGate.Outcome outcome = RegressionGate.check(baseline(), fresh);
        assertThat(outcome.passed()).as(outcome.table().console()).isFalse();
        assertThat(group(outcome, "a / p")).isEqualTo(RegressionGate.Verdict.REGRESSION);
        assertThat(group(outcome, "b / q")).isEqualTo(RegressionGate.Verdict.OK);
        // two groups: each interval is a 97.5 % one, so both together hold with 95 %
        assertThat(outcome.groups()).allSatisfy(g -> assertThat(g.ratio().confidence()).isEqualTo(0.975));
        assertThat(outcome.table().console()).contains("a / p (all cases)", "0.80", "REGRESSION", "97.5 %");
    }

    /** Four groups of six cases (a / p .. d / s), all shifted by {@code shift}, a / p besides by {@code factorA}. */
    private static Map<String, Figures.Cell> fourPaths(double shift, double factorA) {
        Map<String, Figures.Cell> cells = new LinkedHashMap<>();
        String[] groups = {"a / p", "b / q", "c / r", "d / s"};
        for (int g = 0; g < groups.length; g++) {
            for (int c = 0; c < 6; c++) {
                double factor = shift * (g == 0 ? factorA : 1.0);
                cells.put(groups[g] + " / c" + (c + 1), new Figures.Cell(PARITY, NOISE.get((c + g) % 6).stream()
                        .map(v -> v * 1000 * factor).toList(), true));
            }
        }
        return cells;
    }

    @Test
    void aShiftOfTheWholeMatrixIsShownAndFailsNothingAPathThatFellBehindTheOthersFails() {
        Baseline base = Baseline.of("test", List.of(new Figures(CONDITIONS, fourPaths(1, 1))));
        // what two profile runs did: every unmodified path 20-27 % slower the second time
        RegressionGate.Outcome shifted = RegressionGate.check(base, new Figures(CONDITIONS, fourPaths(0.78, 1)));
        assertThat(shifted.passed()).as(shifted.table().console()).isTrue();
        assertThat(shifted.matrix().verdict()).isEqualTo(RegressionGate.Verdict.SLOWER);
        assertThat(shifted.matrix().ratio().ratio()).isCloseTo(0.78, org.assertj.core.api.Assertions.within(0.01));
        assertThat(shifted.groups()).extracting(RegressionGate.Row::verdict).containsOnly(RegressionGate.Verdict.OK);
        // and one path 20 % behind the others on top of it
        RegressionGate.Outcome behind = RegressionGate.check(base, new Figures(CONDITIONS, fourPaths(0.78, 0.8)));
        assertThat(behind.passed()).as(behind.table().console()).isFalse();
        assertThat(group(behind, "a / p")).isEqualTo(RegressionGate.Verdict.REGRESSION);
        assertThat(behind.groups()).filteredOn(g -> !g.name().equals("a / p")).extracting(RegressionGate.Row::verdict)
                .doesNotContain(RegressionGate.Verdict.REGRESSION, RegressionGate.Verdict.SLOWER);
        assertThat(behind.table().console()).contains(RegressionGate.MATRIX, "against the other paths");
    }

    @Test
    void anUnchangedRunPassesAndNoSingleNoisyCellFailsIt() {
        Map<String, Figures.Cell> same = cells(1000, 1.0, 1.0);
        // one cell 20 % down within 10 % noise: shown, not failed
        same.put("a / p / c1", new Figures.Cell(PARITY, List.of(800.0, 880.0, 720.0), true));
        RegressionGate.Outcome outcome = RegressionGate.check(baseline(), new Figures(CONDITIONS, same));
        assertThat(outcome.passed()).as(outcome.table().console()).isTrue();
        assertThat(outcome.cells()).filteredOn(r -> r.name().equals("a / p / c1"))
                .extracting(RegressionGate.Row::verdict).containsExactly(RegressionGate.Verdict.OK);
    }

    @Test
    void aClearButSmallDropIsShownNotFailed() {
        RegressionGate.Outcome outcome = RegressionGate.check(baseline(),
                new Figures(CONDITIONS, cells(1000, 0.93, 1.0)));
        assertThat(group(outcome, "a / p")).isEqualTo(RegressionGate.Verdict.SLOWER);
        assertThat(outcome.passed()).as(outcome.table().console()).isTrue();
    }

    @Test
    void aCollapsedALossyAndAMissingCellFailWhatANarrowedRunDidNotSelectDoesNot() {
        Map<String, Figures.Cell> fresh = cells(1000, 1.0, 1.0);
        fresh.put("a / p / c2", new Figures.Cell(PARITY, List.of(400.0, 420.0, 380.0), true));
        assertThat(RegressionGate.check(baseline(), new Figures(CONDITIONS, fresh)).cells())
                .filteredOn(r -> r.name().equals("a / p / c2")).extracting(RegressionGate.Row::verdict)
                .containsExactly(RegressionGate.Verdict.COLLAPSED);
        fresh = cells(1000, 1.0, 1.0);
        fresh.put("a / p / c3", new Figures.Cell(PARITY, List.of(1000.0, 1000.0, 1000.0), false));
        assertThat(RegressionGate.check(baseline(), new Figures(CONDITIONS, fresh)).passed()).isFalse();
        fresh = cells(1000, 1.0, 1.0);
        fresh.remove("a / p / c4");
        assertThat(RegressionGate.check(baseline(), new Figures(CONDITIONS, fresh)).passed())
                .as("c4 ran for b / q but not for a / p").isFalse();
        Map<String, Figures.Cell> narrowed = new LinkedHashMap<>();
        cells(1000, 1.0, 1.0).forEach((id, cell) -> {
            if (id.startsWith("a / p")) {
                narrowed.put(id, cell);
            }
        });
        RegressionGate.Outcome outcome = RegressionGate.check(baseline(), new Figures(CONDITIONS, narrowed));
        assertThat(outcome.passed()).as(outcome.table().console()).isTrue();
        assertThat(outcome.cells()).extracting(RegressionGate.Row::verdict)
                .contains(RegressionGate.Verdict.NOT_SELECTED);
    }

    @Test
    void refusesRunsOfAnotherScaleDurationRuntimeOrMachineAndSaysWhy() {
        Map<String, Figures.Cell> same = cells(1000, 1, 1);
        assertThat(refusal(new Conditions(0.05, null, "local", MACHINE), same))
                .anyMatch(r -> r.contains("scale") && r.contains("0.02") && r.contains("0.05"));
        assertThat(refusal(new Conditions(0.02, 5.0, "local", MACHINE), same))
                .anyMatch(r -> r.contains("--duration") && r.contains("by count") && r.contains("5.0 s"));
        assertThat(refusal(new Conditions(0.02, null, "container", MACHINE), same))
                .anyMatch(r -> r.contains("runtime") && r.contains("container"));
        assertThat(refusal(new Conditions(0.02, null, "local", new Calibration(2, 1500, 600, 30, 2000, "/x")), same))
                .anyMatch(r -> r.contains("disk syncs/s") && r.contains("5000") && r.contains("1500"));
        assertThat(refusal(new Conditions(0.02, null, "local", new Calibration(2, 5000, 180, 150, 2000, "/x")), same))
                .anyMatch(r -> r.contains("loopback round trip"));
        assertThat(refusal(new Conditions(0.02, null, "local", new Calibration(8, 5000, 180, 30, 2000, "/x")), same))
                .anyMatch(r -> r.contains("2 cores") && r.contains("8"));
        // within the tolerance: compared
        assertThat(RegressionGate.check(baseline(), new Figures(new Conditions(0.02, null, "local",
                new Calibration(2, 3700, 250, 100, 1500, "/x")), same)).passed()).isTrue();
        // a VM's disk on a slow day (x2.25 measured on one machine) is compared; x3.3 is refused above
        assertThat(RegressionGate.check(baseline(), new Figures(new Conditions(0.02, null, "local",
                new Calibration(2, 11_250, 90, 30, 2000, "/x")), same)).passed()).isTrue();
        assertThat(refusal(new Conditions(0.02, null, "local", new Calibration(2, 16_000, 60, 30, 2000, "/x")), same))
                .anyMatch(r -> r.contains("disk syncs/s") && r.contains("x3.2"));
    }

    @Test
    void refusesACellThatRanWithOtherParitySettings() {
        Map<String, Figures.Cell> fresh = cells(1000, 1, 1);
        fresh.put("b / q / c5", new Figures.Cell("clients=8 payloadBytes=1024 persistent=true",
                List.of(1000.0, 1000.0), true));
        assertThat(refusal(CONDITIONS, fresh)).singleElement().asString().contains("b / q / c5", "clients=8",
                "clients=4");
    }

    private static List<String> refusal(Conditions conditions, Map<String, Figures.Cell> cells) {
        try {
            RegressionGate.check(baseline(), new Figures(conditions, cells));
        } catch (RegressionGate.Refused refused) {
            return refused.reasons();
        }
        throw new AssertionError("not refused: " + conditions);
    }

    @Test
    void aBaselineNeedsRepeatsAndRefusesAnOlderFormat() throws Exception {
        Map<String, Figures.Cell> single = Map.of("a / p / c1", new Figures.Cell(PARITY, List.of(1000.0), true));
        assertThatThrownBy(() -> Baseline.of("x", List.of(new Figures(CONDITIONS, single))))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("--repeat");
        Path old = tmp.resolve("old.json");
        Files.writeString(old, "{\"description\":\"x\",\"scale\":0.02,\"runs\":3,\"cells\":{},\"groups\":{}}");
        assertThatThrownBy(() -> Baseline.read(old)).isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("older format").hasMessageContaining("bench baseline");
        Path written = tmp.resolve("new.json");
        Files.writeString(written, Json.mapper().writeValueAsString(baseline()));
        assertThat(Baseline.read(written)).isEqualTo(baseline());
    }

    @Test
    void everyCommittedBaselineIsChosenForItsOwnMachineAndComparesWithItself() throws Exception {
        Path dir = Path.of("..", "baselines");
        List<Path> files;
        try (var list = Files.list(dir)) {
            files = list.filter(p -> p.toString().endsWith(".json")).toList();
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            Baseline committed = Baseline.read(file);
            assertThat(committed.cells()).as(file.toString()).isNotEmpty()
                    .allSatisfy((id, c) -> assertThat(c.repeats()).hasSizeGreaterThan(1));
            assertThat(Baselines.choose(dir, committed.conditions()).file()).isEqualTo(file);
            Map<String, Figures.Cell> same = new LinkedHashMap<>();
            committed.cells().forEach((id, c) -> same.put(id, new Figures.Cell(c.parity(), c.repeats(), true)));
            RegressionGate.Outcome outcome = RegressionGate.check(committed, new Figures(committed.conditions(), same));
            assertThat(outcome.passed()).as(file + "\n" + outcome.table().console()).isTrue();
        }
    }
}
