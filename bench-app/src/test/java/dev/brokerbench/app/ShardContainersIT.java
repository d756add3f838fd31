package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.brokers.activemq.ActiveMqClassicContainerRuntime;
import dev.brokerbench.core.result.Accounting;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.RunResult;
import dev.brokerbench.core.shard.MergedCell;
import dev.brokerbench.core.shard.ShardMerge;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.output.ToStringConsumer;
import org.testcontainers.containers.startupcheck.OneShotStartupCheckStrategy;
import org.testcontainers.containers.wait.strategy.Wait;

/**
 * Two shards of a run, each the suite's image in a container of its own on a Docker network with the broker, meet
 * through the broker, and {@code bench merge} joins their records: the same account, message for message, as one
 * process running every client against the same broker.
 */
class ShardContainersIT {
    private static final String CASES = "c1,c5";

    @TempDir
    Path tmp;

    @Test
    void twoShardsInContainersMergeToTheAccountOfOneProcess() throws Exception {
        ActiveMqClassicContainerRuntime classic = new ActiveMqClassicContainerRuntime();
        ItSupport.assumeContainer(classic);
        String group = "it" + Long.toString(System.nanoTime(), 36);
        Path results = Files.createDirectories(tmp.resolve("results"));
        String suite = buildSuiteImage();
        try (Network network = Network.newNetwork();
             GenericContainer<?> broker = new GenericContainer<>(classic.image().image())
                     .withNetwork(network).withNetworkAliases("broker").withExposedPorts(61616)
                     .waitingFor(Wait.forLogMessage(".*ready, openwire port.*\\s*", 1)
                             .withStartupTimeout(Duration.ofMinutes(2)))) {
            broker.start();
            List<ToStringConsumer> logs = new ArrayList<>();
            List<CompletableFuture<Void>> shards = new ArrayList<>();
            List<GenericContainer<?>> containers = new ArrayList<>();
            try {
                for (int i = 0; i < 2; i++) {
                    ToStringConsumer log = new ToStringConsumer();
                    GenericContainer<?> shard = new GenericContainer<>(suite).withNetwork(network)
                            .withLogConsumer(log)
                            .withCommand("run", "--runtime", "external", "--url", "activemq=openwire://broker:61616",
                                    "--broker", "activemq", "--case", CASES, "--scale", ItSupport.scale(),
                                    "--shard", i + "/2", "--shard-group", group, "--shard-wait", "120",
                                    "--out", "/results/shard-" + i, "--no-progress")
                            .withStartupCheckStrategy(new OneShotStartupCheckStrategy()
                                    .withTimeout(Duration.ofMinutes(5)));
                    logs.add(log);
                    containers.add(shard);
                    shards.add(CompletableFuture.runAsync(shard::start)); // both at once: they wait for each other
                }
                for (int i = 0; i < shards.size(); i++) {
                    try {
                        shards.get(i).join();
                    } catch (RuntimeException e) {
                        throw new AssertionError("shard " + i + " failed: " + e.getMessage() + "\n"
                                + logs.get(i).toUtf8String(), e);
                    }
                    // the shard's record, out of its stopped container (a bind mount would make Testcontainers
                    // probe file mounting with a helper image from a registry)
                    Path dir = Files.createDirectories(results.resolve("shard-" + i));
                    containers.get(i).copyFileFromContainer("/results/shard-" + i + "/shard.json",
                            dir.resolve("shard.json").toString());
                }
            } finally {
                containers.forEach(GenericContainer::stop);
                docker("rmi", "-f", suite);
            }
            logs.forEach(l -> System.out.println(l.toUtf8String()));

            Path merged = tmp.resolve("merged");
            ItSupport.Cli merge = ItSupport.bench("merge", results.resolve("shard-0").toString(),
                    results.resolve("shard-1").toString(), "--out", merged.toString());
            assertThat(merge.code()).as(merge.text()).isZero();
            ShardMerge.Merged cells = Json.mapper().readValue(merged.resolve("merged.json").toFile(),
                    ShardMerge.Merged.class);

            Path one = tmp.resolve("one-process");
            ItSupport.Cli whole = ItSupport.bench("run", "--warmup-seconds", "0", "--steal-retries", "0",
                    "--runtime", "external", "--url", "activemq=openwire://" + broker.getHost() + ":"
                            + broker.getMappedPort(61616), "--broker", "activemq", "--case", CASES,
                    "--scale", ItSupport.scale(), "--out", one.toString(), "--no-progress");
            assertThat(whole.code()).as(whole.text()).isZero();
            Map<String, RunResult> byCase = new ResultStore(one).readAll().stream()
                    .collect(Collectors.toMap(r -> r.workload().name(), r -> r));

            assertThat(cells.missing()).isEmpty();
            assertThat(cells.cells()).extracting(c -> c.cell().workload()).containsExactlyInAnyOrder("c1", "c5");
            for (MergedCell cell : cells.cells()) {
                Accounting sharded = cell.accounting();
                Accounting single = byCase.get(cell.cell().workload()).accounting();
                String which = cell.key() + ": merged " + sharded.summary() + "; one process " + single.summary();
                assertThat(sharded.exact()).as(which).isTrue();
                assertThat(List.of(sharded.sent(), sharded.confirmed(), sharded.received(), sharded.duplicates(),
                        sharded.lost(), sharded.foreign())).as(which).isEqualTo(List.of(single.sent(),
                        single.confirmed(), single.received(), single.duplicates(), single.lost(), single.foreign()));
                MergedCell.Phase reported = cell.reported();
                assertThat(reported.shards()).as(which).hasSize(2);
                if (cell.cell().workload().equals("c1")) {
                    // each shard publishes its two clients' streams: half the messages (a drain's consumers share
                    // what the broker hands them: with a prefetch of 1000 one shard may take all of a small queue)
                    assertThat(reported.shards()).extracting(MergedCell.ShardFigure::completed).as(which)
                            .containsOnly(sharded.sent() / 2);
                }
                assertThat(reported.startSpreadMillis()).as(which + ": the shards started together")
                        .isBetween(0.0, 5_000.0);
            }
        }
    }

    /** The suite's image as docker/suite/Dockerfile builds it, from this build's bench.jar, with no registry. */
    private String buildSuiteImage() throws Exception {
        Path context = Files.createDirectories(tmp.resolve("suite-image"));
        Files.copy(ItSupport.benchJar(), context.resolve("bench.jar"));
        // one tag: a run killed before its clean-up leaves one image behind, replaced by the next run's
        String image = "brokerbench/suite:it";
        docker("build", "-q", "-t", image, "-f", System.getProperty("brokerbench.suite.dockerfile"),
                context.toString());
        return image;
    }

    private static void docker(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", command) + ": " + out).isZero();
    }
}
