package dev.brokerbench.app.cli;

import dev.brokerbench.brokers.container.DockerEngine;
import dev.brokerbench.brokers.local.DataFilesystem;
import dev.brokerbench.core.broker.RuntimeKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code bench run}'s options for where brokers keep their data: a writable directory on a disk that syncs, for
 * local brokers and for the Docker engine's volumes alike.
 */
final class DataOptions {
    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where local brokers keep their data (a fresh directory per run is made inside it and"
                    + " removed after); its disk decides sync-publish figures (default: the system temp directory).")
    Path dataDir;

    @Option(names = "--allow-tmpfs", description = "Run brokers with their data on tmpfs/ramfs, where fsync does"
            + " nothing: persistent figures then measure memory, not durability (refused without this).")
    boolean allowTmpfs;

    /**
     * The data root ({@code --data-dir}, else the system temp directory), once the brokers of {@code runtime} (any
     * where empty) are known to keep their data where fsync works.
     *
     * @throws ParameterException naming {@code --data-dir} when it is no directory, not writable, or in memory, or
     *                            {@code --runtime} when the Docker engine keeps its volumes in memory; both unless
     *                            {@code --allow-tmpfs}
     */
    Path check(CommandLine cli, Optional<RuntimeKind> runtime) {
        Path root = dataDir != null ? dataDir : Path.of(System.getProperty("java.io.tmpdir"));
        if (!Files.isDirectory(root)) {
            throw new ParameterException(cli, "--data-dir: " + root + " is not a directory");
        }
        try {
            Files.delete(Files.createTempDirectory(root, "brokerbench-check-"));
        } catch (IOException | UnsupportedOperationException e) {
            throw new ParameterException(cli, "--data-dir: " + root + " is not writable (" + e + ")");
        }
        Optional<String> memory = DataFilesystem.inMemory(root);
        if (memory.isPresent() && !allowTmpfs) {
            throw new ParameterException(cli, "--data-dir: " + root + " is on " + memory.get() + ", where fsync does"
                    + " nothing and persistent figures would measure memory; choose a disk with --data-dir, or pass"
                    + " --allow-tmpfs to run there anyway");
        }
        Optional<String> volumes = runtime.isEmpty() || runtime.get() == RuntimeKind.CONTAINER
                ? DockerEngine.volumesInMemory() : Optional.empty();
        if (volumes.isPresent() && !allowTmpfs) {
            throw new ParameterException(cli, "--runtime: the Docker engine keeps volumes on " + volumes.get()
                    + ", where fsync does nothing and persistent figures would measure memory; move its data-root,"
                    + " use --runtime local with --data-dir on a disk, or pass --allow-tmpfs to run there anyway");
        }
        return root;
    }
}
