package dev.brokerbench.process.lifeline;

import dev.brokerbench.process.ChildEnvironment;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Work that must happen once this JVM is gone, however it ended (SIGKILL included): a shell in a session of its own
 * waits on a pipe this JVM holds, and when the pipe closes it runs its script. On an orderly exit the JVM has done the
 * work itself and the script finds nothing left to do.
 */
public final class ExitWatch {
    /** The watchers' processes: their pipes must stay open (a collected process could close its pipe early). */
    private static final List<Process> WATCHING = new ArrayList<>();
    private static final boolean SETSID = java.util.stream.Stream.of(System.getenv().getOrDefault("PATH", "")
            .split(":")).anyMatch(dir -> !dir.isEmpty() && java.nio.file.Files.isExecutable(Path.of(dir, "setsid")));

    private ExitWatch() {
    }

    /** Runs {@code script} (sh) once this JVM is gone, unless {@link #cancel cancelled}; the watcher. */
    public static synchronized Process run(String script) throws IOException {
        // a session of its own, so that Ctrl-C to the suite's process group does not end it first; where there is no
        // setsid, the shell ignores the signals instead
        List<String> command = SETSID ? List.of("setsid", "sh", "-c", "cat >/dev/null; " + script)
                : List.of("sh", "-c", "trap '' INT HUP TERM; cat >/dev/null; " + script);
        Process watcher = ChildEnvironment.clean(new ProcessBuilder(command))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        WATCHING.add(watcher);
        return watcher;
    }

    /** The work {@code watcher} waits to do is done or moot: it ends without doing it. */
    public static synchronized void cancel(Process watcher) {
        WATCHING.remove(watcher);
        watcher.destroy();
    }

    /**
     * Removes {@code dir} once this JVM is gone, retrying for a few seconds while processes that die with it (brokers
     * whose lifelines are winding down) may still write into it.
     */
    public static void removeOnExit(Path dir) throws IOException {
        String quoted = "'" + dir.toAbsolutePath().toString().replace("'", "'\\''") + "'";
        run("for i in 1 2 3 4 5 6 7 8 9 10; do rm -rf -- " + quoted + " 2>/dev/null; [ -e " + quoted
                + " ] || exit 0; sleep 1; done");
    }
}
