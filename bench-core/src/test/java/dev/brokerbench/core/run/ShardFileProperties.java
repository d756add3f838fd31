package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.brokerbench.core.io.JsonMutation;
import dev.brokerbench.core.loopback.LoopbackBroker;
import dev.brokerbench.core.loopback.LoopbackDriver;
import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.shard.ShardFile;
import dev.brokerbench.core.shard.ShardMerge;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The shard files of a real two-shard run (on the loopback broker), one of them spoiled ({@link JsonMutation}): they
 * merge, or the spoiled file is refused with one line naming it; never another exception ({@code bench merge}
 * reports an IllegalArgumentException as bad input, exit 2, and anything else as a crash, exit 3).
 */
class ShardFileProperties {
    private static List<String> written;

    @BeforeContainer
    static void twoShards() throws Exception {
        LoopbackBroker broker = new LoopbackBroker();
        List<ShardFile> files = ShardMergeTest.shardFiles(AccountingTest.workload(PublishMode.SYNC, 400), 2,
                i -> new LoopbackDriver(broker, false));
        written = new ArrayList<>();
        for (ShardFile f : files) {
            written.add(Json.mapper().writeValueAsString(f));
        }
    }

    @Provide
    Arbitrary<JsonMutation> mutations() {
        return JsonMutation.any();
    }

    @Property(tries = 500, seed = "44")
    void aSpoiledShardFileMergesOrIsRefusedNamingIt(@ForAll("mutations") JsonMutation mutation) throws Exception {
        Path root = Files.createTempDirectory("shards-");
        try {
            List<Path> dirs = new ArrayList<>();
            for (int i = 0; i < written.size(); i++) {
                Path dir = Files.createDirectories(root.resolve("shard-" + i));
                String text = written.get(i);
                Files.writeString(dir.resolve(ShardFile.NAME), i == 1 ? mutation.apply(text) : text);
                dirs.add(dir);
            }
            Throwable thrown = catchThrowable(() -> {
                List<ShardFile> files = new ArrayList<>();
                for (Path dir : dirs) {
                    files.add(ShardFile.read(dir));
                }
                ShardMerge.merge(files);
            });
            if (thrown instanceof InvalidConfigException) {
                assertThat(thrown.getMessage()).contains(dirs.get(1).resolve(ShardFile.NAME).toString())
                        .doesNotContain("\n");
            } else if (thrown != null) {
                assertThat(thrown).as("only bad input: %s", thrown).isInstanceOf(IllegalArgumentException.class);
                assertThat(thrown.getMessage()).doesNotContain("\n");
            }
        } finally {
            try (var walk = Files.walk(root)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
