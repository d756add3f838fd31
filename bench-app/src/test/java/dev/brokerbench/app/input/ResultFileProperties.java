package dev.brokerbench.app.input;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.BenchCli;
import dev.brokerbench.core.io.JsonMutation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A results directory with one file spoiled ({@link JsonMutation}): {@code bench report} and {@code bench compare}
 * either read it whole (the change left a valid file) or say in one line which file and field is wrong, exit 2 and
 * write nothing; never a trace, never exit 1 (a finding) or 3 (a crash).
 */
class ResultFileProperties {
    /** Real results of a stored run: two cells of two paths, each twice, the run's record and a JMH file. */
    static final List<String> FILES = List.of("artemis__artemis-core-jms__c1__r1.json",
            "artemis__artemis-core-jms__c1__r2.json", "rabbitmq__rabbitmq-jms__c5__r1.json",
            "rabbitmq__rabbitmq-jms__c5__r2.json", "run.json", "jmh-artemis.json");

    @Provide
    Arbitrary<String> files() {
        return Arbitraries.of(FILES);
    }

    @Provide
    Arbitrary<JsonMutation> mutations() {
        return JsonMutation.any();
    }

    @Property(tries = 300, seed = "44")
    void reportReadsASpoiledFileWholeOrNamesItInOneLine(@ForAll("files") String file,
                                                        @ForAll("mutations") JsonMutation mutation) throws IOException {
        Path dir = spoiled(file, mutation);
        try {
            Path out = dir.resolveSibling(dir.getFileName() + "-report");
            boolean report = mutation.where() < 0.25; // the charts take a while: every fourth case renders them
            CliRun run = report ? CliRun.of("report", dir.toString(), "--out", out.toString())
                    : CliRun.of("compare", dir.toString(), dir.toString());
            assertThat(run.code()).as(run.text()).isIn(BenchCli.EXIT_OK, BenchCli.EXIT_USAGE);
            if (run.code() == BenchCli.EXIT_USAGE) {
                assertThat(run.err().lines()).as(run.text()).hasSize(1);
                assertThat(run.err()).as(run.text()).contains(dir.resolve(file).toString());
                assertThat(out).as("nothing written").doesNotExist();
            }
        } finally {
            dev.brokerbench.process.Trees.delete(dir.getParent());
        }
    }

    /** A fresh copy of the stored run with {@code file} spoiled. */
    static Path spoiled(String file, JsonMutation mutation) throws IOException {
        Path dir = copy(Files.createTempDirectory("spoiled-").resolve("results"));
        Files.writeString(dir.resolve(file), mutation.apply(Files.readString(dir.resolve(file))));
        return dir;
    }

    /** {@code dir}, made, holding a copy of the stored run's {@link #FILES} and its COMPLETE: a whole run. */
    static Path copy(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (String name : FILES) {
            Files.copy(stored(name), dir.resolve(name));
        }
        Files.copy(stored(dev.brokerbench.core.result.ResultStore.COMPLETE),
                dir.resolve(dev.brokerbench.core.result.ResultStore.COMPLETE));
        return dir;
    }

    static Path stored(String name) {
        try {
            return Path.of(ResultFileProperties.class.getResource("/stored-run/" + name).toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
