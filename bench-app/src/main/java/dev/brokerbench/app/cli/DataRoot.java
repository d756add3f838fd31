package dev.brokerbench.app.cli;

import dev.brokerbench.brokers.local.DataFilesystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** {@code --data-dir}: where local brokers keep their data: a writable directory on a disk that syncs. */
final class DataRoot {
    private DataRoot() {
    }

    /**
     * The data root ({@code dataDir}, else the system temp directory).
     *
     * @throws ParameterException naming {@code --data-dir} when it is no directory, not writable, or in memory
     *                            without {@code allowTmpfs}
     */
    static Path check(CommandLine cli, Path dataDir, boolean allowTmpfs) {
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
        return root;
    }
}
