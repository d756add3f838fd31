package dev.brokerbench.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A process and everything it started, killed together: the suite's cleanup, its children and the Guard. */
public final class ProcessTrees {
    private ProcessTrees() {
    }

    /** SIGKILL to {@code root}'s descendants, then to {@code root}; returns all of them, root last. */
    public static List<ProcessHandle> kill(ProcessHandle root) {
        List<ProcessHandle> tree = new ArrayList<>(root.descendants().toList());
        tree.forEach(ProcessHandle::destroyForcibly);
        root.destroyForcibly();
        tree.add(root);
        return tree;
    }

    /**
     * Sends {@code signal} (a name of kill(1), e.g. STOP or CONT) to {@code root} and every process it started, in
     * one call of kill(1) (Java sends only TERM and KILL itself).
     *
     * @return the processes signalled, root first
     * @throws IllegalStateException when kill(1) failed or could not be run
     */
    public static List<ProcessHandle> signal(ProcessHandle root, String signal) {
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(root);
        tree.addAll(root.descendants().toList());
        List<String> command = new ArrayList<>(List.of("kill", "-s", signal));
        tree.forEach(p -> command.add(Long.toString(p.pid())));
        try {
            Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
            String said = new String(kill.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .strip();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -s " + signal + " " + root.pid() + " failed: " + said);
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException("kill -s " + signal + " could not run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending SIG" + signal + " to " + root.pid(), e);
        }
        return tree;
    }

    /**
     * SIGSTOP to {@code root} and every process it started, then waits until the kernel reports each stopped (or
     * gone): a process stands still only once every thread has taken the signal.
     *
     * @return the processes stopped, root first
     * @throws IllegalStateException when the signal could not be sent, or a process was not stopped within
     *                               {@code patience}
     */
    public static List<ProcessHandle> stop(ProcessHandle root, Duration patience) {
        List<ProcessHandle> stopped = signal(root, "STOP");
        long deadline = System.nanoTime() + patience.toNanos();
        while (!stopped.stream().allMatch(p -> !p.isAlive() || state(p.pid()).orElse('T') == 'T')) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("pid " + root.pid() + " and its children not stopped "
                        + patience.toMillis() + " ms after SIGSTOP");
            }
            Thread.onSpinWait();
        }
        return stopped;
    }

    /**
     * The state letter of a process as the kernel reports it in /proc/PID/stat (R running, S sleeping, T stopped,
     * t traced, Z zombie, ...); empty when the process is gone or the file cannot be read.
     */
    public static java.util.Optional<Character> state(long pid) {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", Long.toString(pid), "stat"));
            int afterName = stat.lastIndexOf(')'); // the name, in parentheses, may hold spaces and parentheses
            return afterName < 0 || afterName + 2 >= stat.length() ? java.util.Optional.empty()
                    : java.util.Optional.of(stat.charAt(afterName + 2));
        } catch (java.io.IOException e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * Waits until every process has exited (a SIGKILLed process may still be writing until the kernel has reaped
     * it), at most {@code patience} in all.
     *
     * @return whether all of them are gone
     */
    public static boolean awaitExit(List<ProcessHandle> processes, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        for (ProcessHandle p : processes) {
            try {
                p.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (Exception e) {
                return false; // still alive at the deadline
            }
        }
        return true;
    }
}
