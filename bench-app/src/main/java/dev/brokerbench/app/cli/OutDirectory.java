package dev.brokerbench.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** An output directory must be new or empty: two commands' files in one directory would read as one. */
final class OutDirectory {
    private OutDirectory() {
    }

    /** @throws ParameterException naming {@code --out} and {@code why} when {@code dir} holds anything */
    static void requireEmpty(CommandLine cli, Path dir, String why) throws IOException {
        if (Files.isDirectory(dir)) {
            try (var entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new ParameterException(cli, "--out: " + dir + " is not empty; " + why);
                }
            }
        }
    }
}
