package dev.brokerbench.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A process the suite started (a broker, a baseline server, a tool): output appended to a log file, stdin kept open
 * as the lifeline pipe, registered for cleanup.
 */
public final class ChildProcess {
    private final Process process;

    private ChildProcess(Process process) {
        this.process = process;
    }

    public static ChildProcess start(List<String> command, Map<String, String> environment, Path workDir, Path log)
            throws IOException {
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.PIPE);
        ChildEnvironment.clean(pb).environment().putAll(environment);
        Process p = pb.start();
        Cleanup.register(p);
        return new ChildProcess(p);
    }

    public long pid() {
        return process.pid();
    }

    /** The pid of this process's first child (the broker, when this process is the lifeline Guard). */
    public java.util.OptionalLong firstChildPid() {
        return process.children().mapToLong(ProcessHandle::pid).findFirst();
    }

    public boolean alive() {
        return process.isAlive();
    }

    public int exitCode() {
        return process.exitValue();
    }

    /** SIGKILL to the process and everything it started; waits until all of them are gone. */
    public void kill() {
        // what is still alive after 30 s is reported by the caller's checks; nothing more to do here
        ProcessTrees.awaitExit(ProcessTrees.kill(process.toHandle()), Duration.ofSeconds(30));
        Cleanup.unregister(process);
    }

    /**
     * SIGTERM to the process and everything it started (an orderly shutdown), then SIGKILL to what is left after
     * {@code graceSeconds}. Its stdin, the lifeline pipe, stays open until they are gone: a broker's lifeline takes a
     * closed pipe for the suite's death and deletes the instance directory, data and all, which a broker stopped to be
     * started again on its data must keep (Java's {@link Process#destroy()} closes the pipe at once).
     */
    public void stop(long graceSeconds) {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroy); // SIGTERM; unlike Process.destroy() it leaves the pipes open
        if (!ProcessTrees.awaitExit(tree, Duration.ofSeconds(graceSeconds))) {
            tree.forEach(ProcessHandle::destroyForcibly); // also what lost its parent meanwhile
            kill();
        }
        process.destroy(); // gone: this only closes the pipes
        Cleanup.unregister(process);
    }

    /** The last {@code lines} lines of a log file, or a note that there is none. */
    public static String tail(Path file, int lines) {
        try {
            if (!Files.exists(file)) {
                return "(no log at " + file + ")";
            }
            List<String> all = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
            List<String> last = new ArrayList<>(all.subList(Math.max(0, all.size() - lines), all.size()));
            return String.join(System.lineSeparator(), last);
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    /** The first {@code max} lines of a log that match {@code pattern} (e.g. warnings hidden under probe noise). */
    public static String matching(Path file, java.util.regex.Pattern pattern, int max) {
        try {
            if (!Files.exists(file)) {
                return "";
            }
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines()
                    .filter(l -> pattern.matcher(l).find()).limit(max)
                    .collect(java.util.stream.Collectors.joining(System.lineSeparator()));
        } catch (IOException e) {
            return "";
        }
    }
}
