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
