package dev.brokerbench.app.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brokerbench.core.result.CellId;
import dev.brokerbench.core.machine.Calibration;
import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.result.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A directory of baselines, one per machine: the fresh run is compared with the nearest comparable machine. */
class BaselinesTest {
    @TempDir
    Path dir;

    private static Conditions machine(double syncs, double rttMicros, double mbPerSec) {
        return new Conditions(0.02, 2.0, "local", new Calibration(2, syncs, 1e6 / syncs, rttMicros, mbPerSec, "/x"));
    }

    private Path write(String name, Conditions conditions) throws Exception {
        Figures run = new Figures(conditions,
                Map.of(CellId.parse("a / p / c1"), new Figures.Cell("clients=4", List.of(900.0, 1000.0, 1100.0), true)));
        Baseline b = Baseline.of(name, List.of(run, run));
        Path file = dir.resolve(name + ".json");
        Files.writeString(file, Json.mapper().writeValueAsString(b));
        return file;
    }

    @Test
    void choosesTheComparableBaselineWhoseMachineCalibratedNearest() throws Exception {
        write("slow-disk", machine(3_840, 27, 1_600));
        write("fast-disk", machine(12_700, 46, 3_800));
        write("other-scale", new Conditions(0.05, 2.0, "local", new Calibration(2, 12_700, 79, 46, 3_800, "/x")));
        Files.writeString(dir.resolve("notes.txt"), "not a baseline");

        Baselines.Choice fast = Baselines.choose(dir, machine(11_000, 40, 3_500));
        assertThat(fast.file().getFileName()).hasToString("fast-disk.json");
        assertThat(fast.candidates()).isEqualTo(3);
        assertThat(fast.describe()).contains("fast-disk", "nearest machine of 3");
        // comparable with both: the nearer machine wins, by the sum of the calibrations' log ratios
        assertThat(Baselines.choose(dir, machine(6_500, 30, 2_400)).file().getFileName())
                .hasToString("slow-disk.json");
        assertThat(Baselines.choose(dir, machine(7_700, 36, 2_800)).file().getFileName())
                .hasToString("fast-disk.json");
    }

    @Test
    void refusesWithEveryCandidatesReasonsWhenNoMachineIsComparable() throws Exception {
        write("slow-disk", machine(3_840, 27, 1_600));
        write("fast-disk", machine(12_700, 46, 3_800));
        assertThatThrownBy(() -> Baselines.choose(dir, machine(60_000, 20, 9_000)))
                .isInstanceOfSatisfying(RegressionGate.Refused.class, r -> assertThat(r.reasons())
                        .anyMatch(w -> w.startsWith("slow-disk.json: machine: disk syncs/s"))
                        .anyMatch(w -> w.startsWith("fast-disk.json: machine: disk syncs/s")));
    }

    @Test
    void aSingleFileIsTheBaselineAndAMissingOneOrAnEmptyDirectoryIsAnError() throws Exception {
        Path file = write("only", machine(3_840, 27, 1_600));
        assertThat(Baselines.choose(file, machine(3_900, 25, 1_700)).candidates()).isEqualTo(1);
        assertThatThrownBy(() -> Baselines.choose(file, machine(60_000, 25, 1_700)))
                .isInstanceOfSatisfying(RegressionGate.Refused.class, r -> assertThat(r.reasons())
                        .singleElement().asString().startsWith("machine: disk syncs/s"));
        Files.delete(file);
        assertThatThrownBy(() -> Baselines.choose(dir, machine(3_900, 25, 1_700)))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("no *.json baseline")
                .hasMessageContaining("bench baseline RESULTS_DIR RESULTS_DIR --out " + dir.resolve("NAME.json"));
        assertThatThrownBy(() -> Baselines.choose(dir.resolve("none.json"), machine(3_900, 25, 1_700)))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("--baseline");
    }

    @Test
    void aFileOfTheDirectoryThatDoesNotReadIsSkippedWithItsReasonAndTheOthersServe() throws Exception {
        Path good = write("good", machine(3_840, 27, 1_600));
        Path cut = dir.resolve("cut.json");
        Files.writeString(cut, Files.readString(good).substring(0, 40));
        Baselines.Choice choice = Baselines.choose(dir, machine(3_900, 25, 1_700));
        assertThat(choice.file()).isEqualTo(good);
        assertThat(choice.skipped()).singleElement().asString().startsWith(cut.toString()).contains("not JSON");
        Files.copy(cut, dir.resolve("cut-too.json"));
        Files.delete(good);
        assertThatThrownBy(() -> Baselines.choose(dir, machine(3_900, 25, 1_700)))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("no file in " + dir)
                .hasMessageContaining(cut.toString()).hasMessageNotContaining("\n");
    }

    @Test
    void aBaselineOfTwoRunsKeepsTheGeometricMiddleOfTheirCalibrationsAndOfThreeTheMedian() {
        Conditions low = new Conditions(0.02, null, "local", new Calibration(2, 1000, 100, 10, 1000, "/a"));
        Conditions high = new Conditions(0.02, null, "local", new Calibration(2, 4000, 400, 90, 4000, "/b"));
        Conditions mid = new Conditions(0.02, null, "local", new Calibration(2, 3000, 300, 20, 2000, "/c"));

        assertThat(Baseline.typical(List.of(high, low)).calibration())
                .isEqualTo(new Calibration(2, 2000, 200, 30, 2000, "/b"));
        assertThat(Baseline.typical(List.of(low, mid, high)).calibration())
                .isEqualTo(new Calibration(2, 3000, 300, 20, 2000, "/a"));
    }
}
