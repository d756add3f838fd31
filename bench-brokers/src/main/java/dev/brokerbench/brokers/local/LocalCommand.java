package dev.brokerbench.brokers.local;

import dev.brokerbench.core.broker.BrokerStartException;
import dev.brokerbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A set-up command a broker needs before its first start (e.g. {@code artemis create}), run to its end. */
public final class LocalCommand {
    private LocalCommand() {
    }

    /**
     * Runs {@code command} in {@code workDir}, its output appended to {@code log}; a failure, a timeout or an
     * interrupt is a {@link BrokerStartException} naming {@code what} with the log's tail.
     */
    public static void run(String what, List<String> command, Path workDir, Path log, Duration timeout)
            throws BrokerStartException {
        run(what, command, Map.of(), workDir, log, timeout);
    }

    /** The same, with {@code environment} added to the suite's. */
    public static void run(String what, List<String> command, Map<String, String> environment, Path workDir,
                           Path log, Duration timeout) throws BrokerStartException {
        try {
            ChildProcess p = ChildProcess.start(command, environment, workDir, log);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (p.alive() && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(50);
            }
            if (p.alive()) {
                p.kill();
                throw new BrokerStartException(what + " did not finish in " + timeout.toSeconds() + " s:\n"
                        + ChildProcess.tail(log, 30));
            }
            if (p.exitCode() != 0) {
                throw new BrokerStartException(what + " failed (exit " + p.exitCode() + "):\n"
                        + ChildProcess.tail(log, 30));
            }
        } catch (IOException e) {
            throw new BrokerStartException(what + " could not run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerStartException("interrupted during " + what);
        }
    }
}
