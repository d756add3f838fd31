package dev.brokerbench.app.console;

import dev.brokerbench.core.broker.CredentialMask;
import dev.brokerbench.core.io.AtomicFiles;
import dev.brokerbench.process.lifeline.ExitWatch;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the client libraries log (through SLF4J) during a run: a file, not the console. A library's warning with its
 * stack trace (qpid-jms's "tail closed" after every Apollo cell, say) would bury the suite's own lines. The log goes
 * to a temporary file from the command's first step (SLF4J reads where to write once, when the first library asks for
 * a logger: the Docker client does so early); at the end the run keeps it, passwords hidden, as {@value #FILE} in its
 * results directory and says in one line how many warnings and errors it holds. The temporary file goes with the JVM,
 * even on SIGKILL ({@link ExitWatch}).
 */
public final class LibraryLog {
    /** The file's name in a results directory. */
    public static final String FILE = "libraries.log";
    private static final String LOG_FILE_PROPERTY = "org.slf4j.simpleLogger.logFile";
    /** Only the command line's own process diverts: SLF4J is set up once per JVM, and a test JVM runs many runs. */
    private static boolean enabled;
    private static Path file;

    private LibraryLog() {
    }

    /** Called by the command line's main: this process runs one command, whose run may divert the log. */
    public static synchronized void enable() {
        enabled = true;
    }

    /** From now on the libraries log to a temporary file, where this process may divert and nobody chose a file. */
    public static synchronized void divert() {
        if (!enabled || file != null || System.getProperty(LOG_FILE_PROPERTY) != null) {
            return;
        }
        try {
            Path made = Files.createTempFile("brokerbench-libraries-", ".log");
            ExitWatch.removeOnExit(made); // at any exit, orderly or not
            file = made;
            System.setProperty(LOG_FILE_PROPERTY, made.toString());
        } catch (IOException e) {
            // the console, as before
        }
    }

    /**
     * Keeps what the libraries logged as {@code dir}'s {@value #FILE}, passwords hidden, and prints one line when they
     * warned; nothing when they logged nothing or were not diverted.
     */
    public static synchronized void keep(Path dir, PrintStream console) {
        if (file == null) {
            return;
        }
        try {
            List<String> lines = Files.readAllLines(file);
            if (lines.isEmpty()) {
                return;
            }
            AtomicFiles.write(dir.resolve(FILE), CredentialMask.mask(String.join("\n", lines) + "\n"));
            long warnings = lines.stream().filter(l -> l.contains(" WARN ")).count();
            long errors = lines.stream().filter(l -> l.contains(" ERROR ")).count();
            if (warnings + errors > 0) {
                console.println("client libraries: " + warnings + " warning(s), " + errors + " error(s) logged, in "
                        + dir.resolve(FILE).toAbsolutePath());
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            console.println("client libraries: their log " + file + " could not be kept: " + e.getMessage());
        }
    }
}
