package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brokerbench.core.result.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench power} end to end on a small matrix: two baseline runs, one unmodified run and one with the path
 * slowed by half, each a {@code bench run} process of its own; the tally counts the slowed path's row and the
 * unmodified run's cells, and the slowdown is realized (the path's ratio near one half).
 */
@Wide
@Exclusive // the baseline's runs must calibrate alike: another test's disk syncs beside it would differ by x10
class PowerIT {
    @TempDir
    Path tmp;

    @Test
    void aSeriesOfRunsIsGatedAndTallied() throws Exception {
        Path out = tmp.resolve("power");
        ItSupport.Cli cli = ItSupport.bench("power", "--out", out.toString(), "--baseline-runs", "2", "--aa-runs",
                "1", "--slowdowns", "0.5", "--trials", "1", "--suite-heap", "512m", "--",
                "--runtime", "local", "--broker", "artemis", "--case", "c1,c3", "--scale", "0.001", "--repeat", "3",
                "--warmup-seconds", "1", "--duration", "1", "--steal-retries", "0", "--heap", "1g",
                "--dist-dir", System.getProperty("brokerbench.dist.dir"));
        assertThat(cli.code()).as(cli.text()).isZero();
        assertThat(out.resolve("baseline.json")).exists();
        assertThat(Files.readString(out.resolve("power.md"))).contains("| 50 % |", "cells of A/A runs");
        JsonNode power = Json.mapper().readTree(out.resolve("power.json").toFile());
        assertThat(power.path("trials")).hasSize(2);
        assertThat(power.path("aaCells").path("trials").asInt()).as("the unmodified run's cells compared").isEqualTo(2);
        JsonNode half = power.path("fractions").get(0);
        assertThat(half.path("detected").path("trials").asInt()).isEqualTo(1);
        // stalled halfway for as long as the whole pass took: a rate of about half its own
        assertThat(half.path("meanRatio").asDouble()).isBetween(0.35, 0.7);
        assertThat(out.resolve("runs").resolve("ab-50-1").resolve("run.json")).exists();
    }
}
