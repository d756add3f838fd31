package dev.brokerbench.app.input;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.app.BenchCli;
import dev.brokerbench.core.result.ResultStore;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a new user hands the suite by mistake, each case as it was seen to fail (a trace and exit 1, which CI reads as
 * a finding): now one line naming the option, or the file and field, exit 2, and nothing written.
 */
class BadInputCliTest {
    @TempDir
    Path tmp;

    /** A fresh copy of the stored run (a complete results directory). */
    private Path results() throws Exception {
        return ResultFileProperties.copy(tmp.resolve("results-" + System.nanoTime()));
    }

    private static void refused(CliRun run, String... words) {
        assertThat(run.code()).as(run.text()).isEqualTo(BenchCli.EXIT_USAGE);
        assertThat(run.err().lines()).as(run.text()).hasSize(1);
        assertThat(run.err()).as(run.text()).contains(words).doesNotContain("\tat ");
    }

    @Test
    void aTruncatedOrEmptyResultNamesItsFileAndField() throws Exception {
        Path dir = results();
        Path cell = dir.resolve(ResultFileProperties.FILES.get(0));
        Files.writeString(cell, Files.readString(cell).substring(0, 500));
        Path out = tmp.resolve("report");
        refused(CliRun.of("report", dir.toString(), "--out", out.toString()), cell.toString(), "not JSON at line");
        Files.writeString(cell, "{}");
        refused(CliRun.of("compare", dir.toString(), dir.toString()), cell.toString(), "field 'runId'");
        refused(CliRun.of("baseline", dir.toString(), dir.toString(), "--out", tmp.resolve("b.json").toString()),
                cell.toString(), "field 'runId'");
        assertThat(out).doesNotExist();
        assertThat(tmp.resolve("b.json")).doesNotExist();
    }

    @Test
    void anEmptyRunRecordIsNamedNotACrash() throws Exception {
        Path dir = results();
        Files.writeString(dir.resolve("run.json"), "{}");
        refused(CliRun.of("report", dir.toString(), "--out", tmp.resolve("r").toString()), "run.json",
                "field 'runId'");
    }

    @Test
    void compareRefusesAnEmptySideAndRunsOfOtherConditionsUnlessAllowed() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        refused(CliRun.of("compare", results().toString(), empty.toString()), "B: ", "holds no result files");
        Path scaled = results();
        for (String name : ResultFileProperties.FILES) {
            if (name.contains("__")) {
                Path f = scaled.resolve(name);
                Files.writeString(f, Files.readString(f).replaceFirst("\"scale\" : [0-9.eE-]+", "\"scale\" : 0.5"));
            }
        }
        refused(CliRun.of("compare", results().toString(), scaled.toString()), "scale: A ran at", "B at 0.5",
                "--allow-differences");
        CliRun allowed = CliRun.of("compare", results().toString(), scaled.toString(), "--allow-differences");
        assertThat(allowed.code()).as(allowed.text()).isZero();
        assertThat(allowed.out()).contains("not like for like: scale");
    }

    @Test
    void aBaselineThatDoesNotReadIsBadInputNotARegression() throws Exception {
        Path dir = results();
        Path malformed = Files.writeString(tmp.resolve("malformed.json"), "{\"schema\":3,");
        refused(CliRun.of("gate", dir.toString(), "--baseline", malformed.toString()), malformed.toString());
        Path bare = Files.writeString(tmp.resolve("bare.json"), "{\"schema\":3}");
        refused(CliRun.of("gate", dir.toString(), "--baseline", bare.toString()), bare.toString(), "conditions");
        String committed = Files.readString(Path.of("..", "baselines", "2026-11-26.json"));
        Path key = Files.writeString(tmp.resolve("key.json"), committed.replaceFirst("\"activemq / ", "\"activemq-"));
        refused(CliRun.of("gate", dir.toString(), "--baseline", key.toString()), key.toString(),
                "is not 'broker / client path / case'");
    }

    @Test
    void anIncompleteRunIsSaidByReportAndRefusedByTheGate() throws Exception {
        Path dir = results();
        Files.delete(dir.resolve(ResultStore.COMPLETE));
        Files.createFile(dir.resolve(ResultStore.CLAIM)); // a run that claimed its directory and never finished
        CliRun report = CliRun.of("report", dir.toString(), "--out", tmp.resolve("r").toString());
        assertThat(report.code()).as(report.text()).isZero();
        assertThat(report.err()).contains("incomplete run");
        refused(CliRun.of("gate", dir.toString(), "--baseline", "../baselines"), "incomplete run",
                "the gate judges whole runs");
        // a run from before the markers: whole when it holds run.json, which such runs wrote last
        Files.delete(dir.resolve(ResultStore.CLAIM));
        assertThat(ResultStore.isComplete(dir)).isTrue();
        Files.delete(dir.resolve("run.json"));
        assertThat(ResultStore.isComplete(dir)).isFalse();
    }

    @Test
    void anOutThatIsAFileOrALinkOrSomebodyElsesDirectoryIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        refused(CliRun.of("run", "--out", file.toString()), "--out: ", "is a file");
        refused(CliRun.of("report", results().toString(), "--out", file.toString()), "--out: ", "is a file");
        refused(CliRun.of("merge", tmp.toString(), "--out", file.toString()), "--out: ", "is a file");
        refused(CliRun.of("baseline", results().toString(), results().toString(), "--out", tmp.toString()),
                "--out: ", "is a directory");
        Path foreign = Files.createDirectories(tmp.resolve("photos"));
        Files.writeString(foreign.resolve("holiday.png"), "x");
        refused(CliRun.of("report", results().toString(), "--out", foreign.toString()), "--out: ", "is not empty");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void aReportNeverWritesThroughALinkPlantedInItsDirectory() throws Exception {
        Path dir = results();
        Path out = tmp.resolve("report");
        CliRun first = CliRun.of("report", dir.toString(), "--out", out.toString());
        assertThat(first.code()).as(first.text()).isZero();
        Path victim = Files.writeString(tmp.resolve("victim.txt"), "keep me");
        Path chart;
        try (var charts = Files.list(out.resolve("charts"))) {
            chart = charts.filter(p -> p.toString().endsWith(".png")).findFirst().orElseThrow();
        }
        Files.delete(chart);
        Files.createSymbolicLink(chart, victim);
        Files.delete(out.resolve("report.md"));
        Files.createSymbolicLink(out.resolve("report.md"), victim);
        CliRun again = CliRun.of("report", dir.toString(), "--out", out.toString());
        assertThat(again.code()).as(again.text()).isZero();
        assertThat(Files.readString(victim)).isEqualTo("keep me");
        assertThat(chart).isRegularFile().isNotEqualTo(victim);
        assertThat(Files.isSymbolicLink(chart)).isFalse();
    }

    @Test
    void workloadFilesAreCheckedBeforeAnyBrokerStarts() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("workloads"));
        Path file = Files.writeString(dir.resolve("z1.yaml"), "name: z1\ntitle: z\nmessages: 10\nphases: [~]\n");
        Path out = tmp.resolve("never");
        refused(CliRun.of("run", "--workloads", dir.toString(), "--case", "z1", "--out", out.toString()),
                "z1.yaml", "phases[0]");
        Files.writeString(file, "name: z1\ntitle: z\nmessages: 10\nphases:\n"
                + "  - {name: ../../escape, action: publish, mode: sync, reported: true}\n");
        refused(CliRun.of("run", "--workloads", dir.toString(), "--case", "z1", "--out", out.toString()),
                "z1.yaml", "phases[0].name", "../../escape");
        Files.delete(file);
        Files.createDirectories(dir.resolve("x.yaml"));
        refused(CliRun.of("run", "--workloads", dir.toString(), "--case", "c1", "--out", out.toString()),
                "--workloads: ", "x.yaml", "is not a file");
        Files.delete(dir.resolve("x.yaml"));
        Files.writeString(file, "name: z1\ntitle: z\nmessages: 10\nsizes: '@lengths.txt'\nphases:\n"
                + "  - {name: publish, action: publish, mode: sync, reported: true}\n"
                + "  - {name: drain, action: consume}\n");
        refused(CliRun.of("run", "--workloads", dir.toString(), "--case", "z1", "--out", out.toString()),
                "z1.yaml: field 'sizes': ", dir.toRealPath().resolve("lengths.txt") + " cannot be read");
        Files.writeString(dir.resolve("lengths.txt"), "100\n2k\n");
        refused(CliRun.of("run", "--workloads", dir.toString(), "--case", "z1", "--out", out.toString()),
                "z1.yaml: ", "lengths.txt: line 2: must be a length in bytes");
        Files.writeString(dir.resolve("lengths.txt"), "100\n2000\n");
        Path link = Files.createSymbolicLink(tmp.resolve("linked"), dir);
        // the case is found through the link: what stops the run is the next option, an unknown broker
        refused(CliRun.of("run", "--workloads", link.toString(), "--case", "z1", "--broker", "nosuch", "--out",
                out.toString()), "--broker: ", "nosuch");
        assertThat(out).doesNotExist();
    }

    @Test
    void optionsThatWouldExhaustTheHeapAreRefused() throws Exception {
        Path out = tmp.resolve("never");
        long start = System.nanoTime();
        refused(CliRun.of("run", "--case", "r1", "--sweep", "payloadBytes=9223372036854775000..9223372036854775807",
                "--out", out.toString()), "--sweep", "must be 0..2147483647 for payloadBytes");
        refused(CliRun.of("run", "--case", "r1", "--sweep", "payloadBytes=-9223372036854775808..9223372036854775807/"
                + "100000000000000", "--out", out.toString()), "--sweep");
        assertThat(java.time.Duration.ofNanos(System.nanoTime() - start)).isLessThan(java.time.Duration.ofSeconds(20));
        refused(CliRun.of("run", "--case", "c1", "--scale", "1e300", "--out", out.toString()), "--scale: ",
                "heap");
        refused(CliRun.of("run", "--case", "l3", "--broker", "artemis", "--scale", "200", "--out", out.toString()),
                "--scale: 200.0 does not fit case l3", "search.stepSeconds");
        refused(CliRun.of("run", "--case", "c1", "--data-dir", "/proc", "--out", out.toString()), "--data-dir: ",
                "not writable");
        assertThat(out).doesNotExist();
    }

    @Test
    void everyOtherOptionIsCheckedBeforeAProviderIsLookedUp() throws Exception {
        Path jndi = Files.writeString(tmp.resolve("provider.properties"),
                "java.naming.factory.initial=com.sun.jndi.ldap.LdapCtxFactory\n");
        Path out = tmp.resolve("never");
        refused(CliRun.of("run", "--jndi", jndi.toString(), "--provider-jar", tmp.toString(), "--repeat", "0",
                "--out", out.toString()), "--repeat: ");
        refused(CliRun.of("run", "--jndi", jndi.toString(), "--provider-jar", tmp.toString(), "--scale", "1e300",
                "--case", "c1", "--out", out.toString()), "--scale: ");
        assertThat(out).doesNotExist();
    }
}
