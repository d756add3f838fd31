package dev.brokerbench.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The system commands the suite runs to set up a host, a link or a disk (ip, tc, iptables, mount, mkfs). */
public final class Commands {
    /** How long an ip, tc, iptables or mount command may take unless said otherwise. */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    private Commands() {
    }

    /** Runs {@code command} within {@link #TIMEOUT}; returns its output. */
    public static String run(List<String> command) throws IOException {
        return run(command, TIMEOUT);
    }

    /**
     * Runs {@code command} in a clean environment, its output read on another thread so that the timeout holds even
     * while the command writes nothing and does not end; returns its output, fails with it on a non-zero exit.
     */
    public static String run(List<String> command, Duration timeout) throws IOException {
        Process p = ChildEnvironment.clean(new ProcessBuilder(command)).redirectErrorStream(true).start();
        CompletableFuture<String> output = new CompletableFuture<>();
        Thread reader = new Thread(() -> { // a thread of its own: a grandchild holding the pipe blocks only it
            try {
                output.complete(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                output.complete("(output unreadable: " + e.getMessage() + ")");
            }
        }, "command-output");
        reader.setDaemon(true);
        reader.start();
        String out;
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish in " + timeout.toSeconds() + " s");
            }
            out = output.get(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new IOException("interrupted during " + String.join(" ", command), e);
        } catch (ExecutionException | TimeoutException e) {
            out = "(output not read: a child of the command holds it open)";
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (exit " + p.exitValue() + "): " + out.trim());
        }
        return out;
    }

    /** Whether {@code tool} is an executable on the PATH or in the system directories (sbin). */
    public static boolean onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin") + ":/usr/sbin:/sbin";
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
