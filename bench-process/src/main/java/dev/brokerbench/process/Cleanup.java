package dev.brokerbench.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything the suite started or created that must not outlive it: processes are killed and directories deleted by
 * one JVM shutdown hook (which also runs on Ctrl-C and SIGTERM). SIGKILL of the suite is covered by the brokers'
 * lifeline agent.
 */
public final class Cleanup {
    private static final Set<Process> PROCESSES = new LinkedHashSet<>();
    private static final Set<Path> DIRECTORIES = new LinkedHashSet<>();
    private static final List<Runnable> ACTIONS = new ArrayList<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Cleanup::runAll, "brokerbench-cleanup"));
    }

    private Cleanup() {
    }

    public static synchronized void register(Process process) {
        PROCESSES.add(process);
    }

    public static synchronized void unregister(Process process) {
        PROCESSES.remove(process);
    }

    /** Work to do at exit before processes are killed, e.g. removing containers. Must not throw or block long. */
    public static synchronized void register(Runnable action) {
        ACTIONS.add(action);
    }

    public static synchronized void register(Path directory) {
        DIRECTORIES.add(directory);
    }

    /** Deletes {@code directory} now and forgets it. */
    public static void deleteNow(Path directory) {
        synchronized (Cleanup.class) {
            DIRECTORIES.remove(directory);
        }
        Trees.delete(directory);
    }

    static void runAll() {
        List<Process> processes;
        List<Path> directories;
        List<Runnable> actions;
        synchronized (Cleanup.class) {
            actions = new ArrayList<>(ACTIONS);
            processes = new ArrayList<>(PROCESSES);
            directories = new ArrayList<>(DIRECTORIES);
        }
        for (Runnable action : actions) {
            try {
                action.run();
            } catch (RuntimeException e) {
                System.err.println("brokerbench cleanup: " + e);
            }
        }
        List<ProcessHandle> killed = new ArrayList<>();
        processes.forEach(p -> killed.addAll(ProcessTrees.kill(p.toHandle())));
        ProcessTrees.awaitExit(killed, Duration.ofSeconds(10)); // best effort during shutdown
        directories.forEach(Trees::delete);
    }
}
