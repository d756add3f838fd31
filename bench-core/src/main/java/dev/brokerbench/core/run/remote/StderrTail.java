package dev.brokerbench.core.run.remote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/** The last lines a child process wrote on its stderr, read on a daemon thread of their own, for its error. */
final class StderrTail {
    private static final int LINES = 30;
    private final Deque<String> lines = new ArrayDeque<>();

    private StderrTail(Process process) {
        Thread reader = new Thread(() -> read(process), "child-stderr-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    static StderrTail of(Process process) {
        return new StderrTail(process);
    }

    private void read(Process process) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                synchronized (lines) {
                    lines.addLast(line);
                    if (lines.size() > LINES) {
                        lines.removeFirst();
                    }
                }
            }
        } catch (IOException e) {
            // the process is gone
        }
    }

    /** Empty, or a line break and the last lines, for the end of an error message. */
    String text() {
        synchronized (lines) {
            return lines.isEmpty() ? "" : System.lineSeparator() + "its stderr:" + System.lineSeparator()
                    + String.join(System.lineSeparator(), lines);
        }
    }
}
