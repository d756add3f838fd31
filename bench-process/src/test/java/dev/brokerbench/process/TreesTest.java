package dev.brokerbench.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreesTest {
    @TempDir
    Path tmp;

    @Test
    void deletesATreeAndLeavesItsSiblings() throws Exception {
        Path root = tree(tmp.resolve("instance"), 3, 4);
        Path sibling = Files.writeString(tmp.resolve("sibling.txt"), "kept");

        assertThat(Trees.delete(root)).isTrue();
        assertThat(root).doesNotExist();
        assertThat(sibling).exists();
        assertThat(Trees.delete(root)).as("nothing to delete is success").isTrue();
    }

    @Test
    void twoDeletersOfOneTreeBothSucceed() throws Exception {
        // RabbitMQ's node and its epmd guard share one instance directory and delete it at the same moment
        Path root = tree(tmp.resolve("shared"), 4, 6);
        List<CompletableFuture<Boolean>> deleters = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            deleters.add(CompletableFuture.supplyAsync(() -> Trees.delete(root)));
        }
        assertThat(deleters).allSatisfy(d -> assertThat(d.get()).isTrue());
        assertThat(root).doesNotExist();
    }

    @Test
    void aSymbolicLinkIsRemovedNotFollowed() throws Exception {
        Path outside = Files.writeString(tmp.resolve("outside.txt"), "must survive");
        Path root = Files.createDirectories(tmp.resolve("with-link"));
        Files.createSymbolicLink(root.resolve("link"), tmp);

        assertThat(Trees.delete(root)).isTrue();
        assertThat(root).doesNotExist();
        assertThat(outside).hasContent("must survive");
    }

    @Test
    void theParentGoesOnlyOnceEmpty() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Path first = Files.createDirectories(run.resolve("artemis-1"));
        Path second = Files.createDirectories(run.resolve("rabbitmq-2"));

        Trees.delete(first);
        Trees.deleteParentOnceEmpty(first, Duration.ZERO);
        assertThat(run).as("another instance still lives there").exists();
        Trees.delete(second);
        Trees.deleteParentOnceEmpty(second, Duration.ZERO);
        assertThat(run).doesNotExist();
    }

    private static Path tree(Path root, int depth, int files) throws Exception {
        Files.createDirectories(root);
        for (int f = 0; f < files; f++) {
            Files.writeString(root.resolve("f" + f), "x".repeat(100));
        }
        if (depth > 0) {
            for (int d = 0; d < 2; d++) {
                tree(root.resolve("d" + d), depth - 1, files);
            }
        }
        return root;
    }
}
