package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench power} end to end on a small matrix: two baseline runs, one unmodified run and one with a path slowed
 * by half, each a {@code bench run} process of its own; the tally counts the slowed path's row and the unmodified
 * run's cells, its ratio is the gate's row of that path, and the slowed run's results of that path, and only those,
 * say they were slowed. How far the realized ratio lands from one half is two runs' noise, not the suite's logic: the
 * stall's length and the rate it leaves are proven on a clock the test drives ({@code SlowdownTest}).
 */
@Wide
@Exclusive // the baseline's runs must calibrate alike: another test's disk syncs beside it would differ by x10
class PowerIT {
    /** Runs of the series made at most this many times when the gate refused them for the machine's calibration. */
    private static final int ATTEMPTS = 3;
    @TempDir
    Path tmp;

    @Test
    void aSeriesOfRunsIsGatedAndTallied() throws Exception {
        Path out = tmp.resolve("power");
        JsonNode power = series(out);
        for (int attempt = 1; attempt < ATTEMPTS && !machineRefusals(power).isEmpty(); attempt++) {
            // the machine measured itself differently between two of its own runs: the environment's luck, said and
            // that run made again (the series keeps every complete run and takes up where it stopped)
            for (String name : machineRefusals(power)) {
                System.out.println("PowerIT: run " + name + " refused by the gate for its machine's calibration,"
                        + " made again: " + refusal(power, name));
                dev.brokerbench.process.Trees.delete(out.resolve("runs").resolve(name));
            }
            power = series(out);
        }
        assertThat(out.resolve("baseline.json")).exists();
        assertThat(Files.readString(out.resolve("power.md"))).contains("| 50 % |", "cells of A/A runs");
        assertThat(power.path("trials")).hasSize(2).allSatisfy(t -> assertThat(t.path("refused")).as(
                t.path("plan").path("name").asText() + " refused").isEmpty());
        assertThat(power.path("aaCells").path("trials").asInt()).as("the unmodified run's cells compared").isEqualTo(2);
        JsonNode half = power.path("fractions").get(0);
        assertThat(half.path("detected").path("trials").asInt()).isEqualTo(1);
        // the tally's ratio is the slowed path's row of the gate; how far it lands from 0.5 is the two runs' noise
        // (0.35 on one CI run): the stall itself is proven on a driven clock (SlowdownTest)
        JsonNode ab = null;
        for (JsonNode trial : power.path("trials")) {
            ab = trial.path("plan").path("name").asText().equals("ab-50-1") ? trial : ab;
        }
        assertThat(ab).as("the slowed run's trial").isNotNull();
        String path = ab.path("plan").path("slowdown").path("path").asText();
        assertThat(ab.path("slowed")).hasSize(1);
        assertThat(ab.path("slowed").get(0).path("path").asText()).isEqualTo("artemis / " + path);
        assertThat(half.path("meanRatio").asDouble())
                .isEqualTo(ab.path("slowed").get(0).path("ratio").path("ratio").asDouble());
        List<RunResult> slowedRun = new ResultStore(out.resolve("runs").resolve("ab-50-1")).readAll();
        assertThat(slowedRun).as("the slowed run's results").isNotEmpty().allSatisfy(r -> assertThat(
                r.caveats().stream().anyMatch(c -> c.startsWith("test-only slowdown")))
                .as(r.client().clientPath()).isEqualTo(r.client().clientPath().equals(path)));
        assertThat(slowedRun).anyMatch(r -> r.client().clientPath().equals(path));
    }

    /** The series, run (or taken up) in {@code out}: its power.json. */
    private static JsonNode series(Path out) throws java.io.IOException {
        ItSupport.Cli cli = ItSupport.bench("power", "--out", out.toString(), "--baseline-runs", "2", "--aa-runs",
                "1", "--slowdowns", "0.5", "--trials", "1", "--suite-heap", "512m", "--",
                "--runtime", "local", "--broker", "artemis", "--case", "c1,c3", "--scale", "0.001", "--repeat", "3",
                "--warmup-seconds", "1", "--duration", "1", "--steal-retries", "0", "--heap", "1g",
                "--dist-dir", System.getProperty("brokerbench.dist.dir"));
        assertThat(cli.code()).as(cli.text()).isZero();
        return Json.mapper().readTree(out.resolve("power.json").toFile());
    }

    /** The runs the gate refused only for their machine's calibration (disk syncs, loopback round trip, MB/s). */
    private static List<String> machineRefusals(JsonNode power) {
        List<String> names = new java.util.ArrayList<>();
        for (JsonNode trial : power.path("trials")) {
            JsonNode refused = trial.path("refused");
            boolean machine = !refused.isEmpty();
            for (JsonNode why : refused) {
                machine &= why.asText().startsWith("machine: ") && !why.asText().contains(" cores, ");
            }
            if (machine) {
                names.add(trial.path("plan").path("name").asText());
            }
        }
        return names;
    }

    private static String refusal(JsonNode power, String name) {
        for (JsonNode trial : power.path("trials")) {
            if (trial.path("plan").path("name").asText().equals(name)) {
                return trial.path("refused").toString();
            }
        }
        return "";
    }
}
