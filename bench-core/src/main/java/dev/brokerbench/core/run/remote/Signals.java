package dev.brokerbench.core.run.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Signals to a client process the suite started, which Java cannot send itself (it sends only TERM and KILL): a
 * child JVM is one process, so one kill(1) reaches it. (Broker processes, with their trees, are signalled by the
 * broker modules; the neutral core depends on no other module.)
 */
final class Signals {
    private Signals() {
    }

    /** kill -s {@code signal} {@code pid}; an error naming both when it fails. */
    static void send(long pid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-s", signal, Long.toString(pid)).redirectErrorStream(true)
                    .start();
            String said = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -s " + signal + " " + pid + " failed: " + said);
            }
        } catch (IOException e) {
            throw new IllegalStateException("kill -s " + signal + " could not run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending SIG" + signal + " to " + pid, e);
        }
    }

    /** Whether the kernel reports the process stopped (state T in /proc/PID/stat); false when it is gone. */
    static boolean stopped(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int afterName = stat.lastIndexOf(')'); // the name, in parentheses, may hold spaces and parentheses
            return afterName > 0 && afterName + 2 < stat.length() && stat.charAt(afterName + 2) == 'T';
        } catch (IOException e) {
            return false;
        }
    }
}
