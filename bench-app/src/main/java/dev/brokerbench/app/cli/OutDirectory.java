package dev.brokerbench.app.cli;

import dev.brokerbench.app.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * An output directory must be new or empty: two commands' files in one directory would read as one. A report
 * directory the suite made itself ({@link ReportWriter#MARK}) may be rebuilt. Never a file, never a link.
 */
final class OutDirectory {
    private OutDirectory() {
    }

    /** @throws ParameterException naming {@code --out} and {@code why} when {@code dir} holds anything */
    static void requireEmpty(CommandLine cli, Path dir, String why) throws IOException {
        requireDirectory(cli, dir);
        if (Files.isDirectory(dir)) {
            try (var entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new ParameterException(cli, "--out: " + dir + " is not empty; " + why);
                }
            }
        }
    }

    /**
     * A report's directory: new, empty, or one an earlier {@code bench report} made (its mark, or, from before the
     * mark, nothing but a report's own files).
     */
    static void requireReportDirectory(CommandLine cli, Path dir) throws IOException {
        requireDirectory(cli, dir);
        if (Files.isRegularFile(dir.resolve(ReportWriter.MARK), LinkOption.NOFOLLOW_LINKS) || !Files.isDirectory(dir)) {
            return;
        }
        try (var entries = Files.list(dir)) {
            if (entries.allMatch(e -> ReportWriter.FILES.contains(e.getFileName().toString()))) {
                return;
            }
        }
        requireEmpty(cli, dir, "a report goes into a new or empty directory, or one bench report made");
    }

    /** @throws ParameterException when {@code dir} exists as a file or a link */
    static void requireDirectory(CommandLine cli, Path dir) {
        if (Files.isSymbolicLink(dir)) {
            throw new ParameterException(cli, "--out: " + dir + " is a symbolic link; name a directory of its own");
        }
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new ParameterException(cli, "--out: " + dir + " is a file, not a directory");
        }
    }
}
