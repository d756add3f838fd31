package dev.brokerbench.core.shard;

import dev.brokerbench.core.io.Required;
import dev.brokerbench.core.model.Shard;
import dev.brokerbench.core.result.Json;
import dev.brokerbench.core.result.ResultStore;
import dev.brokerbench.core.result.ShardCell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What one shard of a run wrote: {@value #NAME} in its result directory, every cell it ran with the raw sends and
 * receipts of every phase.
 *
 * @param shard which shard of which run
 * @param cells its cells, in the run's order
 */
public record ShardFile(@Required Shard shard, @Required List<ShardCell> cells) {
    public static final String NAME = "shard.json";

    public ShardFile {
        cells = List.copyOf(cells);
    }

    public void write(Path dir) throws IOException {
        dev.brokerbench.core.io.AtomicFiles.write(dir.resolve(NAME), Json.mapper().writeValueAsString(this));
    }

    /**
     * Reads {@code dir}'s shard file.
     *
     * @throws IllegalArgumentException naming the directory when it holds none, or the file and field of one that does
     *                                  not read
     */
    public static ShardFile read(Path dir) {
        Path file = dir.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(dir + " holds no " + NAME + ": not the result directory of a shard"
                    + " (bench run --shard I/N)");
        }
        return dev.brokerbench.core.io.JsonInput.read(file, ShardFile.class, "a shard's record");
    }
}
