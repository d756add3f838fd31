package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Shard;
import dev.brokerbench.core.shard.ShardFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench merge}: bad input is one line naming what is wrong, exit code 2, nothing written. */
class MergeCommandTest {
    @TempDir
    Path tmp;

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome merge(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] argv = new String[args.length + 1];
        argv[0] = "merge";
        System.arraycopy(args, 0, argv, 1, args.length);
        int code = BenchCli.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), argv);
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path shard(int index, int count, String group) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(group + "-" + index + "-of-" + count));
        new ShardFile(new Shard(index, count, group), List.of()).write(dir);
        return dir;
    }

    @Test
    void refusesWhatIsNotEveryShardOfOneRunOnce() throws Exception {
        Path out = tmp.resolve("merged");
        Path zero = shard(0, 3, "run");
        Path two = shard(2, 3, "run");
        Outcome missing = merge(zero.toString(), two.toString(), "--out", out.toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).startsWith("bench merge: SHARD_DIR: run run has 3 shards; missing [1]");

        Outcome notAShard = merge(zero.toString(), tmp.toString(), "--out", out.toString());
        assertThat(notAShard.code()).isEqualTo(2);
        assertThat(notAShard.err()).contains("holds no shard.json");

        Outcome otherRun = merge(zero.toString(), shard(1, 3, "other").toString(), two.toString(),
                "--out", out.toString());
        assertThat(otherRun.code()).isEqualTo(2);
        assertThat(otherRun.err()).contains("is not of run run with 3 shards");
        assertThat(out).as("nothing written").doesNotExist();
    }

    @Test
    void writesTheMergedCellsOnlyIntoANewDirectory() throws Exception {
        Path zero = shard(0, 2, "nightly");
        Path one = shard(1, 2, "nightly");
        Path taken = Files.createDirectories(tmp.resolve("taken"));
        Files.writeString(taken.resolve("old.json"), "{}");
        Outcome refused = merge(zero.toString(), one.toString(), "--out", taken.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).startsWith("bench merge: --out: ").contains("is not empty");

        Path out = tmp.resolve("merged");
        Outcome merged = merge(zero.toString(), one.toString(), "--out", out.toString());
        assertThat(merged.code()).as(merged.err()).isZero();
        assertThat(merged.out()).contains("run nightly, 2 shards");
        assertThat(Files.readString(out.resolve("merged.json"))).contains("\"group\" : \"nightly\"");
    }

    @Test
    void aShardRecordWithoutItsShardIsBadInputNamingTheFileAndField() throws Exception {
        Path zero = shard(0, 2, "cut");
        Path one = shard(1, 2, "cut");
        Path file = one.resolve(ShardFile.NAME);
        Files.writeString(file, Files.readString(file).replaceFirst("\"shard\"\\s*:\\s*\\{[^}]*\\},?", ""));
        Path out = tmp.resolve("merged");
        Outcome cut = merge(zero.toString(), one.toString(), "--out", out.toString());
        assertThat(cut.code()).as(cut.err()).isEqualTo(2);
        assertThat(cut.err()).contains(file.toString(), "'shard'").doesNotContain("\tat ");
        assertThat(out).as("nothing written").doesNotExist();
    }
}
