package dev.brokerbench.app.console;

import dev.brokerbench.core.broker.CredentialMask;
import dev.brokerbench.core.io.AtomicFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the client libraries log (through SLF4J) during a run: {@value #FILE} in its results directory, not the
 * console. A library's warning with its stack trace (qpid-jms's "tail closed" after every Apollo cell, say) would
 * bury the suite's own lines; at the end the run says in one line how many warnings and errors the file holds. What a
 * library logs before the results directory exists (a provider's first connection) still reaches the console.
 */
public final class LibraryLog {
    /** The file's name in a results directory. */
    public static final String FILE = "libraries.log";
    private static final String LOG_FILE_PROPERTY = "org.slf4j.simpleLogger.logFile";
    /** Only the command line's own process diverts: SLF4J is set up once per JVM, and a test JVM runs many runs. */
    private static boolean enabled;

    private LibraryLog() {
    }

    /** Called by the command line's main: this process runs one command, and its run may divert the log. */
    public static synchronized void enable() {
        enabled = true;
    }

    /**
     * The libraries log to {@code dir}'s {@value #FILE} from now on, where SLF4J has not been set up yet (it reads
     * where to write once, when the first library asks for a logger) and nobody chose another file.
     */
    public static synchronized void divert(Path dir) {
        if (enabled && System.getProperty(LOG_FILE_PROPERTY) == null) {
            System.setProperty(LOG_FILE_PROPERTY, dir.resolve(FILE).toAbsolutePath().toString());
        }
    }

    /**
     * Rewrites {@code dir}'s {@value #FILE} with passwords hidden and prints one line when the libraries warned.
     */
    public static synchronized void keep(Path dir, PrintStream console) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return;
        }
        try {
            List<String> lines = Files.readAllLines(file);
            AtomicFiles.write(file, CredentialMask.mask(String.join("\n", lines) + (lines.isEmpty() ? "" : "\n")));
            long warnings = lines.stream().filter(l -> l.contains(" WARN ")).count();
            long errors = lines.stream().filter(l -> l.contains(" ERROR ")).count();
            if (warnings + errors > 0) {
                console.println("client libraries: " + warnings + " warning(s), " + errors + " error(s) logged, in "
                        + file.toAbsolutePath());
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            console.println("client libraries: their log " + file + " could not be read: " + e.getMessage());
        }
    }
}
